// @vitest-environment happy-dom
import '../fakes/scripts'; // runs the lazy scripts and content parts this file's code reaches
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { PART_CHARS } from '../../src/shared/result-parts';
import type { TicketData } from '../../src/shared/ticket';
import { App } from '../../src/ui/sidebar/App';
import { createFakeTabs } from '../fakes/fake-tabs';
import { installI18n } from '../fakes/i18n';
import { startSidebarBackground, until } from '../fakes/sidebar-background';
import { dropRoot, freshRoot } from './root';

/** A ticket of about 3 MB: 60 messages of 50,000 characters, each its own text, with an empty one among them. */
const bigTicket = (): TicketData => ({
  number: '#7',
  subject: 'Logs attached',
  status: 'Open',
  requester: { name: 'Long Mail', email: 'long@example.com' },
  messages: Array.from({ length: 60 }, (_, i) => ({ author: `Writer ${i + 1}`, role: 'customer' as const, time: null, body: i === 30 ? '' : `${`line ${i + 1} `.repeat(50_000 / `line ${i + 1} `.length)}END-${i + 1}` })),
});

let root: HTMLElement;
const tool = () => root.querySelector<HTMLElement>('[data-testid="page-tool"][data-tool="ticket.read"]');
const showTab = (name: string) => [...root.querySelectorAll<HTMLElement>('[role="tab"]')].find((b) => b.textContent === name)!.click();
const shown = () => [...root.querySelectorAll('.message')].map((li) => ({ author: li.querySelector('strong')!.textContent, body: li.querySelector('.text')!.textContent! }));

beforeEach(() => {
  fakeBrowser.reset();
  installI18n();
  history.replaceState(null, '', '/sidepanel.html?tab=1');
  root = freshRoot();
});
afterEach(() => dropRoot(root));

/** The Page tab over the real background, a 3 MB ticket in tab 1; what the panel received from it, message by message. */
async function readBigTicket() {
  const tabs = createFakeTabs();
  const ticket = bigTicket();
  const send: typeof tabs.send = async (tabId, call) => (call.type === 'page.run' && call.tool === 'ticket.read' ? { ok: true, data: ticket } : tabs.send(tabId, call));
  const bg = await startSidebarBackground({ ...tabs, send });
  await bg.announce(1, '#7');
  // The size of every answer the panel got to a read or a part: what it has to receive and parse at once.
  const answers: { type: string; chars: number }[] = [];
  const sendMessage = fakeBrowser.runtime.sendMessage.bind(fakeBrowser.runtime);
  fakeBrowser.runtime.sendMessage = (async (m: { type: string }) => {
    const answer = await sendMessage(m as never);
    if (m.type === 'tool.invoke' || m.type === 'result.part') answers.push({ type: m.type, chars: JSON.stringify(answer).length });
    return answer;
  }) as typeof fakeBrowser.runtime.sendMessage;
  await act(() => render(<App />, root));
  await until(() => root.textContent?.includes('#7'), 'the ticket');
  await act(() => showTab('Page'));
  (await until(() => tool()?.querySelector<HTMLButtonElement>('button[type="submit"]'), 'the Read action')).click();
  await until(() => tool()?.querySelector('[data-testid="tool-result"]'), 'the result');
  return { bg, ticket, answers };
}

describe('a big ticket read in the Page tab, with the background', () => {
  it('receives one part at a time and reaches every message, in order, with nothing lost or repeated', async () => {
    const { ticket, answers } = await readBigTicket();
    expect(shown()).toHaveLength(1);
    for (let i = 0; i < 200; i++) {
      const more = tool()!.querySelector<HTMLButtonElement>('[data-testid="show-more"]');
      if (!more) break;
      const before = answers.length;
      const left = more.textContent;
      // A double click asks for the next part once.
      await act(() => {
        more.click();
        more.click();
      });
      await until(() => answers.length > before && tool()!.querySelector('[data-testid="show-more"]')?.textContent !== left, 'the next part');
    }
    expect(tool()!.querySelector('[data-testid="show-more"]')).toBeNull();
    expect(shown()).toEqual(ticket.messages.map((m) => ({ author: m.author, body: m.body })));
    // One answer per part, none holding much more than a part: never the whole 3 MB at once.
    const total = ticket.messages.reduce((n, m) => n + m.body.length, 0);
    expect(total).toBeGreaterThan(2_900_000);
    expect(answers.map((a) => a.type)).toEqual(['tool.invoke', ...Array.from({ length: Math.ceil(total / PART_CHARS) - 1 }, () => 'result.part')]);
    expect(Math.max(...answers.map((a) => a.chars))).toBeLessThan(PART_CHARS + 2_000);
  });

  it('says the rest is no longer kept when the background lost it (a worker started again)', async () => {
    const { bg } = await readBigTicket();
    // The worker stopped: its listeners go with it, and one started again keeps no results.
    fakeBrowser.runtime.onMessage.removeAllListeners();
    const fresh = await startSidebarBackground(bg.tabs);
    await fresh.announce(1, '#7');
    await act(() => tool()!.querySelector<HTMLButtonElement>('[data-testid="show-more"]')!.click());
    await until(() => tool()!.querySelector('[data-testid="show-more-lost"]'), 'the lost notice');
    expect(shown()).toHaveLength(1);
  });
});
