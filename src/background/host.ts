import { browser } from 'wxt/browser';
import { lifecycle, ToolRegistry, type ToolResult } from '../core';
import type { Recipe } from '../shared/recipe-check';
import type { TicketData } from '../shared/ticket';
import { adapterInfo, type Adapter, type AdapterInfo } from '../sites/adapter';
import { createAuditLog } from './storage/audit-log';
import { confirmHandlers } from './confirm/confirm-handlers';
import { pageHandlers } from './pages/page-handlers';
import { contentPartHandlers } from './pages/content-part-handlers';
import { linkHandlers } from './chat/link-handlers';
import { reviewHandlers } from './confirm/review-handlers';
import { sendToTab, type SendToTab } from './pages/page-tool-proxy';
import { createDeliverySettler } from './confirm/delivery-settle';
import { teachModeHandlers, teachScript } from './teach/teach-script';
import { createTeachSessions } from './teach/teach-sessions';
import { createPageToolSync } from './pages/page-tool-sync';
import type { Broadcast } from '../shared/protocol';
import { classifySender, route, type Handlers } from './router';
import type { Services } from './services';
import { createSiteSettings } from './access/site-settings';
import { createStorageConfirmationStore } from './confirm/storage-confirmation-store';
import { loadTabPages } from './pages/tab-pages';
import { watchTabs } from './pages/tab-watch';
import { openPanelOnAction } from './panel';
import { createChatSessions, type ChatSessions, type CreateModel } from './chat/chat-session';
import { createKbStore } from './kb/kb-store';
import { createKbSync, syncedArticles, type KbSync } from './kb/kb-sync';
import { kbSyncHandlers } from './kb/kb-sync-handlers';
import { watchKbSync } from './kb/kb-sync-schedule';
import { createLazyOpenAIModel, modelClientScript } from './model/model-client';
import { createOutboundLog } from './model/outbound-log';
import { CHAT_PORT } from '../shared/chat-protocol';
import { settingsHandlers } from './model/settings-handlers';
import { instructionsHandlers } from './chat/instructions-handlers';
import { savedRepliesHandlers, savedRepliesScript } from './pages/saved-replies-script';
import { accessHandlers, accessOf, isLoopback } from './access/access-handlers';
import { builtinRecipeHandlers } from './recipes/builtin-recipes';
import { recipeHandlers, recipeOf, recipesInForce, storeRecipe, syncRecipes } from './recipes/recipe-handlers';
import { createRecipeTests, readsATicket, recipeTestHandlers } from './recipes/recipe-tests';
import { recipeHighlightHandler } from './recipes/recipe-highlight';
import { createRecipeStore, type RecipeStore } from './recipes/recipe-store';
import { createSiteAccess } from './access/site-access';
import { importLegacyStorage } from './storage/legacy-storage';
import { createKbSearchTool } from '../tools/kb-search';
import { replyProposeTool } from '../tools/reply-propose';
import { diagnosticsHandlers } from './diagnostics/diagnostics-handlers';
import { log, unlessNoReceiver } from './diagnostics/logger';
import { runsUnderPolicy, siteAllowedByPolicy } from '../shared/policy-merge';
import { managedPolicy, watchManagedPolicy } from './access/policy';
import { followPolicy, policyHandlers } from './access/policy-handlers';
import { personalDataScript } from './model/personal-data';
import { warmUpForTurn } from './chat/warm-up';
import { kbIndexScript } from './kb/kb-index';
import { keepLazyScriptsAtInstall } from './lazy-script';
import { instructionsStore } from './chat/instructions-store';
import { createMcpHost } from './mcp/mcp-host';
import { mcpHandlers } from './mcp/mcp-handlers';
import { mcpClientScript } from './mcp/mcp-client';

/**
 * The background: one registry with the page tools of every tab, the confirmation store
 * and the audit log. The worker can be stopped at any moment, so everything it must
 * remember is in storage and is read again here at each start. Listeners are added
 * synchronously, as MV3 requires; they wait for the state to load.
 */
export function startHost(adapters: readonly AdapterInfo[]): void {
  const ready = createServices(adapters);
  const extensionBase = browser.runtime.getURL('/');

  browser.runtime.onMessage.addListener((message: unknown, sender) => {
    const from = classifySender(sender, browser.runtime.id, extensionBase);
    return ready.then(({ handlers }) => route(message, from, handlers));
  });
  browser.runtime.onConnect.addListener((port) => {
    // Only the extension's own pages may chat; a content script's port is closed at once.
    if (port.name !== CHAT_PORT || classifySender(port.sender ?? {}, browser.runtime.id, extensionBase)?.kind !== 'extension') {
      port.disconnect();
      return;
    }
    port.onMessage.addListener((message: unknown) => void ready.then(({ chat }) => chat.receive(port, message)));
    port.onDisconnect.addListener(() => void ready.then(({ chat }) => chat.disconnect(port)));
    // After the start-up reads: a question may follow, and its first request should not wait for scripts.
    void ready.then(warmUpForTurn, () => undefined);
  });
  watchTabs(ready.then(({ services, chat }) => ({ services, chat })));
  openPanelOnAction();
  keepStorageFromContentScripts();
  watchManagedPolicy();
  keepLazyScriptsAtInstall([personalDataScript, kbIndexScript, mcpClientScript, modelClientScript, teachScript, savedRepliesScript], (path, error) => log.error('lazy-script', `Could not keep ${path} at install`, error));
  watchKbSync(ready.then(({ kbSync }) => kbSync));
}

/** Builds the background's state from storage. Exported for tests, which give a fake `send`. */
export async function createServices(
  adapters: readonly (Adapter | AdapterInfo)[],
  send?: SendToTab,
  createModel: CreateModel = createLazyOpenAIModel,
  recipes: RecipeStore = createRecipeStore(),
): Promise<{ services: Services; handlers: Handlers; chat: ChatSessions; kbSync: KbSync }> {
  // The start-up reads run side by side; a message waits for all of them (startHost). The
  // one-time move out of storage.local comes before anything reads the vault; the policy is read
  // anew at each start (it may have changed while the worker was stopped); the tab map is in
  // storage.session and reads neither.
  const legacyImported = importLegacyStorage();
  const policyRead = managedPolicy.refresh(false);
  const store = createStorageConfirmationStore();
  const access = createSiteAccess();
  const registry = new ToolRegistry({ store });
  const [pages] = await Promise.all([loadTabPages(), legacyImported, policyRead]);
  const services: Services = {
    registry,
    store,
    pages,
    tools: createPageToolSync(registry, pages, adapters.map(toInfo), send),
    audit: createAuditLog(),
    sites: createSiteSettings(),
    broadcast: (message: Broadcast) => {
      // No extension page open is not an error.
      browser.runtime.sendMessage(message).catch(unlessNoReceiver('host', `Could not tell the extension's pages ${message.type}`));
    },
    send: send ?? sendToTab,
    // A site the agent enabled before the organisation's list came is not listened to.
    // A policy that is there but unreadable lets nothing run, loopback pages included.
    allowsOrigin: async (origin) => {
      const policy = await managedPolicy.get();
      return runsUnderPolicy(policy) && (isLoopback(origin) || ((await access.list()).includes(origin) && siteAllowedByPolicy(origin, policy)));
    },
    accessOf: (tabId) => accessOf(access, tabId, pages.get(tabId)?.origin),
    recipeOf: (site) => recipeOf(recipes, site),
    teach: createTeachSessions(),
  };
  const kb = createKbStore(syncedArticles);
  const kbSync = createKbSync(() => {
    kb.changed();
    services.broadcast({ type: 'settings.changed' });
  });
  warmTurnReads(services);
  registry.register(createKbSearchTool((query, limit) => kb.search(query, limit)));
  registry.register(replyProposeTool);
  services.tools.sync();
  const mcp = createMcpHost({ registry, audit: services.audit, broadcast: services.broadcast });
  services.mcp = mcp;
  // Reconnects after every start of the worker; loads the client only if a server is configured.
  void mcp.start().catch(log.swallow('mcp', 'Could not start the MCP servers', 'error'));
  // The organisation's servers and grades: connected, dropped or graded anew as the policy changes.
  managedPolicy.onChange(() => void mcp.start().then(() => mcp.sync()).then(() => services.broadcast({ type: 'mcp.changed' }), log.swallow('mcp', 'Could not apply the policy to the MCP servers', 'error')));
  await Promise.all([
    syncRecipes(services, recipes).catch(log.swallow('recipes', 'Could not load the stored site recipes', 'error')),
    markInterruptedDeliveries(services),
  ]);
  const chat = createChatSessions(services, createModel, createOutboundLog());
  const settler = createDeliverySettler(services);
  const recipeTests = createRecipeTests();
  const teachDeps = {
    store: (recipe: unknown) => storeRecipe(services, recipes, recipe),
    async tested(recipe: Recipe, answer: ToolResult<TicketData> | null) {
      if (readsATicket(answer)) await recipeTests.mark(recipe);
    },
    unlessNoReceiver,
  };
  const handlers = { ...pageHandlers(services, settler, chat), ...confirmHandlers(services, settler), ...settingsHandlers(kb, services.broadcast), ...linkHandlers(services, kb), ...reviewHandlers(services, kb), ...accessHandlers(services, access), ...recipeHandlers(services, recipes), ...contentPartHandlers(services), ...recipeTestHandlers(services, recipeTests, () => recipesInForce(recipes)), ...recipeHighlightHandler(), ...builtinRecipeHandlers(services), ...teachModeHandlers(services, teachDeps), ...instructionsHandlers(services, chat.typedSettled), ...savedRepliesHandlers(services, chat.typedSettled), ...diagnosticsHandlers(log), ...policyHandlers(), ...kbSyncHandlers(kbSync), ...mcpHandlers(mcp, { shown: (tabId) => ({ site: services.pages.get(tabId)?.origin ?? null, ticket: services.pages.get(tabId)?.ticket?.key ?? null }), proposal: chat.actionProposal }), 'outbound.list': ({ tabId }: { tabId: number }) => chat.outbound(tabId) };
  const policy = await managedPolicy.get();
  // Re-registering the enabled sites' content scripts is not on the message path: site access
  // runs its calls one after another, so the list of enabled sites (which decides whose content
  // scripts are heard) and every enable or revoke wait for this restore, and nothing else needs it.
  void access.restore((origin) => siteAllowedByPolicy(origin, policy)).catch(log.swallow('site-access', 'Could not restore the enabled sites', 'error'));
  followPolicy(services, access, recipes);
  return { services, handlers, chat, kbSync };
}

/**
 * Content scripts talk to the background only by message; they never need storage. What they
 * must not reach is in the vault (vault.ts); where the browser allows it (Chrome), storage is
 * closed to them as well. Firefox 153 has no such call, but does not give them storage.session.
 */
function keepStorageFromContentScripts(): void {
  type Restrictable = { setAccessLevel?(o: { accessLevel: string }): Promise<void> };
  for (const area of [browser.storage.local, browser.storage.session] as unknown as Restrictable[]) {
    area.setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' })?.catch(log.swallow('host', 'Could not close storage to content scripts', 'error'));
  }
}

/**
 * What a turn reads before its first request, read now beside the rest of the start-up and kept
 * in memory (written through), so the first turn after a stop of the worker does not wait on a
 * cold IndexedDB one read after another. A turn that comes first waits for these same reads.
 * The model settings are read (and kept) when a sidebar's port opens: its snapshot names the model.
 */
function warmTurnReads(s: Services): void {
  void Promise.all([instructionsStore.warm(), s.sites.list()]).catch(log.swallow('host', 'Could not read the instructions a turn needs', 'warn'));
}

/** A delivery cut off by a stop of the worker is never retried: its outcome is unknown. */
async function markInterruptedDeliveries(s: Services): Promise<void> {
  for (const record of await s.store.list()) {
    if (record.outcome !== 'delivering') continue;
    await lifecycle.interrupted(s.store, record.id);
    const p = record.payload as { site?: string; ticket?: string };
    await s.audit.append({
      kind: 'unknown',
      tool: record.tool,
      site: p.site ?? '',
      ticket: p.ticket ?? null,
      digest: record.digest,
      confirmationId: record.id,
      detail: 'The delivery was cut off by a restart; check the ticket.',
    });
  }
}

/** Tests may hand in whole adapters; the background itself gets only their info. */
const toInfo = (a: Adapter | AdapterInfo): AdapterInfo => (Array.isArray(a.tools) ? (a as AdapterInfo) : adapterInfo(a as Adapter));
