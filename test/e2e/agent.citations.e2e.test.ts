import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openRealSidePanel, type ChromiumHarness, type SidePanel } from './harness/chromium';
import { ask, configureChromium, startModel, waitForChat, type ModelForExtension } from './harness/chat';
import { openTicket, startDemoHelpdesk, TICKET_1, waitIn, type DemoHelpdesk } from './harness/deskmate';
import { stopServiceWorker } from './harness/service-worker';

const FABRICATED = 'northwind-policies.md#7';

/** The article ids of every knowledge-base result the model server received. */
function returnedIds(requests: unknown[]): Set<string> {
  const ids = new Set<string>();
  for (const r of requests as { messages: { role: string; content?: string }[] }[]) {
    for (const m of r.messages) {
      if (m.role !== 'tool' || !m.content?.startsWith('<tool_result tool="kb.search"')) continue;
      for (const id of m.content.matchAll(/"id":"([^"]+)"/g)) ids.add(id[1]!);
    }
  }
  return ids;
}

/** The ids each reply.propose call of the model claimed as sources, as the model server sent them. */
function claimed(requests: unknown[]): string[][] {
  const calls = (requests as { messages: { role: string; tool_calls?: { function: { name: string; arguments: string } }[] }[] }[])
    .at(-1)!
    .messages.flatMap((m) => m.tool_calls ?? [])
    .filter((c) => c.function.name === 'reply__propose');
  return calls.map((c) => (JSON.parse(c.function.arguments) as { sources?: string[] }).sources ?? []);
}

describe('agent.citations: a draft shows the knowledge-base articles it used, and only those', () => {
  let chromium: ChromiumHarness;
  let helpdesk: DemoHelpdesk;
  let m: ModelForExtension;
  let panel: SidePanel;

  beforeAll(async () => {
    helpdesk = await startDemoHelpdesk();
    m = await startModel({ chunkDelayMs: 1 });
    chromium = await launchChromium();
    await configureChromium(chromium.context, chromium.extensionId, m);
    const page = await openTicket(chromium.context, helpdesk, TICKET_1.id);
    panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    await panel.waitFor('[data-testid="ticket-context"]');
  });
  afterAll(async () => {
    await chromium?.close();
    await m?.model.close();
    await helpdesk?.close();
  });

  const chips = () =>
    panel.evaluate(() => [...document.querySelectorAll('[data-testid="draft-card"]')].map((card) => ({
      // Knowledge-base articles only: the past tickets a draft follows are past-tickets.e2e's.
      ids: [...card.querySelectorAll('[data-testid="draft-source"][data-kb-id]')].map((c) => c.getAttribute('data-kb-id')),
      titles: [...card.querySelectorAll('[data-testid="draft-source"][data-kb-id]')].map((c) => c.textContent),
      none: card.querySelector('[data-testid="draft-no-sources"]')?.textContent ?? null,
      dropped: card.querySelector('[data-testid="draft-sources-dropped"]')?.textContent ?? null,
    })), null);

  /** Runs an action until the ticket's one draft keeps `versions` earlier versions: the new proposal is its current text. */
  async function act(action: string, versions: number) {
    const before = (await waitForChat(panel, (v) => !v.running, 'no turn running')).users.length;
    await panel.click(`[data-testid="quick-action"][data-action="${action}"]:not([disabled])`);
    await waitForChat(panel, (v) => v.users.length === before + 1 && !v.running && v.drafts.length === 1, `the ${action} action's draft`, { timeoutMs: 40_000 });
    await waitIn(panel, (n: number) => document.querySelectorAll('[data-testid="draft-version"]').length === n || undefined, versions, `the draft with ${versions} earlier versions`);
  }

  it('cites the article kb.search returned; the chip opens it in the sidebar', async () => {
    await act('draft', 0);
    const [card] = await chips();
    const returned = returnedIds(m.model.requests());
    expect(card!.ids).toHaveLength(1);
    expect(returned.has(card!.ids[0]!)).toBe(true);
    expect(card!.titles).toEqual(['Duplicate charge refund']);
    expect(card!.none).toBeNull();
    expect(card!.dropped).toBeNull();

    await panel.click(`[data-testid="draft-source"][data-kb-id="${card!.ids[0]}"]`);
    const body = await waitIn(panel, () => document.querySelector('[data-testid="kb-article-body"]')?.textContent, null, 'the article');
    expect(body).toContain('Refunds go back to the original payment method');
    expect(await panel.text('[data-testid="kb-article-title"]')).toBe('Duplicate charge refund');
  });

  it('drops a fabricated citation and says so; a draft without sources says it has none', async () => {
    await m.model.behave({ fabricateCitation: true });
    const first = (await chips())[0]!;
    await act('draft', 1);
    // The model did claim it...
    expect(claimed(m.model.requests()).at(-1)).toContain(FABRICATED);
    expect(returnedIds(m.model.requests()).has(FABRICATED)).toBe(false);
    // ...and the card shows only the real one, and names the one it dropped.
    // One draft, its new version: the earlier version's citations are kept with it.
    const second = (await chips())[0]!;
    expect(second.ids).toEqual(first.ids);
    expect(second.ids).not.toContain(FABRICATED);
    expect(second.dropped).toContain(FABRICATED);
    // The model was told in the reply.propose result, too.
    const last = m.model.requests().at(-1) as { messages: { role: string; content?: string }[] };
    expect(last.messages.filter((x) => x.role === 'tool').at(-1)?.content).toContain(`"droppedSources":["${FABRICATED}"]`);

    await m.model.behave({});
    // Shorter says the same thing in fewer words: the article it rests on stays cited.
    await act('shorter', 2);
    const third = (await chips())[0]!;
    expect(third.ids).toEqual(first.ids);
    expect(third.dropped).toBeNull();

    // A new proposal that cites nothing says so.
    m.model.script([{ toolCalls: [{ name: 'reply__propose', arguments: { body: 'Hi Maria, we are looking into it.' } }] }, { text: 'The draft is in the card.' }]);
    await ask(panel, 'Draft a short holding reply.');
    await waitIn(panel, () => document.querySelectorAll('[data-testid="draft-version"]').length === 3 || undefined, null, 'the new proposal as the next version');
    await waitForChat(panel, (v) => !v.running, 'the turn to end');
    const fourth = (await chips())[0]!;
    expect(fourth.ids).toEqual([]);
    expect(fourth.none).toMatch(/No knowledge-base sources/);
    expect(await helpdesk.sentLog()).toEqual([]);
  });

  it('searches after the worker was stopped: the index script loads again in the restarted worker', async () => {
    await waitForChat(panel, (v) => !v.running, 'no turn running');
    // Chromium lets a started worker import only what it imported while being installed.
    await stopServiceWorker(chromium.context);
    const before = m.model.requests().length;
    await act('draft', 4);
    const fresh = m.model.requests().slice(before);
    const results = (fresh.at(-1) as { messages: { role: string; content?: string }[] }).messages.filter((x) => x.role === 'tool' && x.content?.startsWith('<tool_result tool="kb.search"'));
    expect(results.at(-1)?.content).toContain('Duplicate charge refund');
    expect(results.at(-1)?.content).not.toContain('could not be loaded');
    expect((await chips())[0]!.titles).toEqual(['Duplicate charge refund']);
  });
});
