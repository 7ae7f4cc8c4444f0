import { createContext } from 'preact';

/**
 * The link keys (see `linkTarget`) that open in one click: the bound tab's helpdesk and the
 * knowledge base's sites, as the background lists them. Without a provider nothing is trusted,
 * so every link takes the second step.
 */
export const LinkTrust = createContext<ReadonlySet<string>>(new Set());
