import { browser } from 'wxt/browser';
import { ToolRegistry } from '../core';
import type { Adapter } from '../sites/adapter';
import { createAuditLog } from './audit-log';
import { confirmHandlers } from './confirm-handlers';
import { pageHandlers } from './page-handlers';
import type { SendToTab } from './page-tool-proxy';
import { createPageToolSync } from './page-tool-sync';
import type { Broadcast } from './protocol';
import { classifySender, route, type Handlers } from './router';
import type { Services } from './services';
import { createSiteSettings } from './site-settings';
import { createStorageConfirmationStore } from './storage-confirmation-store';
import { loadTabPages } from './tab-pages';
import { watchTabs } from './tab-watch';
import { openPanelOnAction } from './panel';

/**
 * The background: one registry with the page tools of every tab, the confirmation store
 * and the audit log. The worker can be stopped at any moment, so everything it must
 * remember is in storage and is read again here at each start. Listeners are added
 * synchronously, as MV3 requires; they wait for the state to load.
 */
export function startHost(adapters: readonly Adapter[]): void {
  const ready = createServices(adapters);
  const extensionBase = browser.runtime.getURL('/');

  browser.runtime.onMessage.addListener((message: unknown, sender) => {
    const from = classifySender(sender, browser.runtime.id, extensionBase);
    return ready.then(({ handlers }) => route(message, from, handlers));
  });
  watchTabs(ready.then(({ services }) => services));
  openPanelOnAction();
}

/** Builds the background's state from storage. Exported for tests, which give a fake `send`. */
export async function createServices(
  adapters: readonly Adapter[],
  send?: SendToTab,
): Promise<{ services: Services; handlers: Handlers }> {
  const store = createStorageConfirmationStore();
  const registry = new ToolRegistry({ store });
  const pages = await loadTabPages();
  const services: Services = {
    registry,
    store,
    pages,
    tools: createPageToolSync(registry, pages, adapters, send),
    audit: createAuditLog(),
    sites: createSiteSettings(),
    broadcast: (message: Broadcast) => {
      // No extension page open is not an error.
      browser.runtime.sendMessage(message).catch(() => undefined);
    },
  };
  services.tools.sync();
  await markInterruptedDeliveries(services);
  return { services, handlers: { ...pageHandlers(services), ...confirmHandlers(services) } };
}

/** A delivery cut off by a stop of the worker is never retried: its outcome is unknown. */
async function markInterruptedDeliveries(s: Services): Promise<void> {
  for (const record of await s.store.list()) {
    if (record.outcome !== 'delivering') continue;
    await s.store.update(record.id, { outcome: 'unknown' });
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
