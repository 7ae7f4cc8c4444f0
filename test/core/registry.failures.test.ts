import { describe, expect, it } from 'vitest';
import { MemoryConfirmationStore, ToolRegistry, type InvokeCtx } from '../../src/core';
import { preparedSend, SITE, TAB } from '../fakes/prepared-send';
import { fakeTool } from '../fakes/tools';

/** A confirmation store whose storage fails, as browser storage can (quota, a closed database). */
class FailingStore extends MemoryConfirmationStore {
  override async get(): Promise<never> {
    throw new Error('storage is unavailable');
  }
  override async put(): Promise<never> {
    throw new Error('storage is full');
  }
}

describe('a failure inside the registry', () => {
  it('answers a prepare whose record cannot be stored with a failure that says so', async () => {
    const registry = new ToolRegistry({ store: new FailingStore() });
    registry.register(fakeTool('send', 'reply.send'));
    expect(await registry.invoke('reply.send', { body: 'Hi' })).toEqual({ ok: false, code: 'tool_failed', error: 'The call failed: storage is full' });
  });

  it('answers a confirm and a cancel whose store cannot be read with a failure, never a throw', async () => {
    const registry = new ToolRegistry({ store: new FailingStore() });
    registry.register(fakeTool('send', 'reply.send'));
    expect(await registry.confirm('c1', 'd')).toEqual({ ok: false, code: 'tool_failed', error: 'The confirmation failed: storage is unavailable' });
    expect(await registry.cancel('c1')).toEqual({ ok: false, code: 'tool_failed', error: 'Cancelling failed: storage is unavailable' });
  });

  it('answers the model with a failure when its context cannot even be read', async () => {
    const registry = new ToolRegistry();
    const tool = fakeTool('read', 'kb.search');
    registry.register(tool);
    const hostile = {
      get scope(): string {
        throw new Error('no scope for you');
      },
    } as unknown as InvokeCtx;
    expect(await registry.invokeReadOnly('kb__search', {}, hostile)).toEqual({ ok: false, code: 'tool_failed', error: 'The call failed: no scope for you' });
    expect(tool.runs).toHaveLength(0);
  });

  it('names the read tool whose result cannot go to the model as JSON', async () => {
    const registry = new ToolRegistry();
    registry.register(fakeTool('read', 'kb.search', { run: () => ({ ok: true, data: { hits: 10n } }) }));
    const r = await registry.invokeReadOnly('kb__search', {});
    expect(r).toMatchObject({ ok: false, code: 'tool_failed' });
    expect(r.error).toMatch(/^kb\.search returned a result that is not JSON/);
  });
});

describe('what a refusal tells the model or the agent', () => {
  it('names the tool and the reason', async () => {
    const registry = new ToolRegistry();
    registry.register(fakeTool('read', 'crm.lookup', { featureFlag: 'crm' }));
    registry.register(fakeTool('read', 'ticket.read', { scopes: [SITE] }));
    registry.register(fakeTool('write', 'reply.fill'));
    registry.register(fakeTool('send', 'reply.send'));
    expect((await registry.invoke('no.such', {})).error).toBe('There is no tool named "no.such".');
    expect((await registry.invoke('crm.lookup', {})).error).toBe('crm.lookup is switched off here (crm).');
    expect((await registry.invoke('ticket.read', {}, { scope: 'https://other.example' })).error).toBe('ticket.read is not available on https://other.example.');
    expect((await registry.invoke('ticket.read', {}, {})).error).toBe('ticket.read is not available on this page.');
    expect((await registry.invoke('reply.send', {}, { autonomous: true })).error).toBe('reply.send sends to the outside; only a person can send, after confirming.');
    expect((await registry.invokeReadOnly('reply__fill', {})).error).toBe('reply.fill is not a read-only tool; only a person can use it.');
    expect((await registry.invokeReadOnly('reply__forward', {})).error).toBe('There is no tool named "reply__forward". Use only the tools you were given.');
    expect((await registry.confirm('nope', 'd')).error).toBe('There is no such confirmation.');
    expect((await registry.cancel('nope')).error).toBe('There is no such confirmation.');
  });

  it('refuses to confirm a send whose tool is gone, and keeps it pending', async () => {
    const registry = new ToolRegistry();
    const tool = fakeTool('send', 'reply.send', { scopes: [SITE] });
    const unregister = registry.register(tool);
    const ctx = { scope: SITE, tabId: TAB };
    const ticket = (await registry.invoke('reply.send', { body: 'Hi' }, ctx)).confirmation!;
    // The site's adapter went away between Send… and the click.
    unregister();
    expect(await registry.confirm(ticket.id, ticket.digest, ctx)).toEqual({ ok: false, code: 'unknown_tool', error: 'reply.send is not available here any more.' });
    expect(tool.deliveries).toHaveLength(0);
    expect((await registry.pending()).map((r) => r.id)).toEqual([ticket.id]);
  });

  it('says a cancel came too late for a send already confirmed, and that a tampered send was stopped', async () => {
    const { registry, ticket, ctx, store } = await preparedSend();
    await registry.confirm(ticket.id, ticket.digest, ctx);
    expect(await registry.cancel(ticket.id)).toEqual({ ok: false, code: 'already_used', error: 'This confirmation is already closed.' });
    expect((await registry.confirm(ticket.id, ticket.digest, ctx)).error).toBe('This confirmation has already been used.');

    const other = (await registry.invoke('reply.send', { body: 'two' }, { scope: SITE, tabId: TAB })).confirmation!;
    await store.put({ ...(await store.get(other.id))!, payload: { body: 'changed' } });
    expect((await registry.confirm(other.id, other.digest, ctx)).error).toBe('What is stored to be sent is not what was shown; nothing was sent. Prepare the reply again.');
    expect((await store.get(other.id))!.outcomeError).toBe('The stored payload was changed after it was shown.');
  });
});
