import { MemoryConfirmationStore, ToolRegistry, type InvokeCtx, type RegistrySettings } from '../../src/core';
import { fakeClock, fakeTool, type FakeToolOptions } from './tools';

export const SITE = 'https://help.example.com';
export const TAB = 7;
export const TTL_MS = 60_000;

/**
 * A registry with one send tool (`reply.send`, scoped to SITE) and a confirmation a person
 * has just prepared in tab TAB. The registry's clock is the returned fake clock.
 */
export async function preparedSend(
  options: { tool?: FakeToolOptions; settings?: RegistrySettings; ctx?: InvokeCtx; input?: unknown } = {},
) {
  const clock = fakeClock();
  const store = new MemoryConfirmationStore();
  const registry = new ToolRegistry({ store, now: clock.now, confirmTtlMs: TTL_MS, ...options.settings });
  const tool = fakeTool('send', 'reply.send', { scopes: [SITE], ...options.tool });
  registry.register(tool);
  const ctx: InvokeCtx = options.ctx ?? { scope: SITE, tabId: TAB };
  const prepared = await registry.invoke('reply.send', options.input ?? { body: 'Hello' }, ctx);
  const ticket = prepared.confirmation;
  if (!prepared.ok || !ticket) throw new Error(`the fake send did not prepare: ${JSON.stringify(prepared)}`);
  return { clock, store, registry, tool, prepared, ticket, ctx };
}
