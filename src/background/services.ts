import type { ConfirmationStore, ToolRegistry } from '../core';
import type { AuditLog } from './storage/audit-log';
import type { PageCtx, SendToTab } from './pages/page-tool-proxy';
import type { TeachSessions } from './teach/teach-sessions';
import type { PageToolSync } from './pages/page-tool-sync';
import { flagsOf, type SiteSettingsStore } from './access/site-settings';
import type { TabPages } from './pages/tab-pages';
import type { Broadcast, SiteAccessView } from '../shared/protocol';
import type { Recipe } from '../shared/recipe-check';
import type { McpHost } from './mcp/mcp-host';

/** Everything the background's handlers share. Built once per service worker start. */
export interface Services {
  registry: ToolRegistry;
  store: ConfirmationStore;
  pages: TabPages;
  tools: PageToolSync;
  audit: AuditLog;
  sites: SiteSettingsStore;
  broadcast(message: Broadcast): void;
  /** A message to a tab's content script (its top frame). */
  send: SendToTab;
  /** Whether content scripts of this origin are listened to (loopback, or enabled by the agent). */
  allowsOrigin(origin: string): Promise<boolean>;
  accessOf(tabId: number): Promise<SiteAccessView | null>;
  /** The recipe in force for a site (the organisation's policy's wins over the agent's), or null. */
  recipeOf(site: string): Promise<Recipe | null>;
  /** Teach mode's sessions, one per tab. */
  teach: TeachSessions;
  /** MCP servers as a tool source (absent in tests that build services by hand). */
  mcp?: McpHost;
}

/**
 * The context of a human action in the sidebar bound to a tab: scope and ticket come from
 * what the background knows of that tab, and flags from the site's settings. `flags: false`
 * for a tool with no feature flag, which no switch gates: its call reads no settings.
 */
export async function humanCtx(services: Services, tabId: number, { flags = true }: { flags?: boolean } = {}): Promise<PageCtx> {
  const page = services.pages.get(tabId);
  if (!page) return { scope: null, tabId, flags: {}, autonomous: false, ticketKey: null };
  if (!flags) return { scope: page.origin, tabId, flags: {}, autonomous: false, ticketKey: page.ticket?.key ?? null, adapterId: page.adapterId, ticketUrl: page.url };
  const site = await services.sites.get(page.origin);
  // The adapter and the page's address go with a prepared send: after it, the tab may show any
  // page of the site, and the ticket's thread is looked up from there.
  return { scope: page.origin, tabId, flags: flagsOf(site), autonomous: false, ticketKey: page.ticket?.key ?? null, adapterId: page.adapterId, ticketUrl: page.url };
}
