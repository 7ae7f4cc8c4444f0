import { createContext } from 'preact';

/**
 * What opens in one click (see `opensInOneClick`): the bound tab's helpdesk and the exact
 * addresses the knowledge base links to, as the background lists them. Without a provider
 * nothing is trusted, so every link takes the second step.
 */
export const LinkTrust = createContext<ReadonlySet<string>>(new Set());
