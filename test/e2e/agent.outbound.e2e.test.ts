import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openRealSidePanel, type ChromiumHarness } from './harness/chromium';
import { ask, configureChromium, startModel, waitForChat, type ModelForExtension } from './harness/chat';
import { chooseFromMenu, openTicket, startDemoHelpdesk, type DemoHelpdesk } from './harness/deskmate';
import { setMasking } from './harness/options';
import { poll } from './harness/wait';

/** #1049: a German customer with a phone number, an IBAN and an address. */
const TICKET = { id: 9 } as const;
const PERSONAL = ['Jonas Becker', 'jonas.becker@example.de', 'DE89 3704 0044 0532 0130 00', '+49 30 12345678'];

/**
 * "What left the browser": per turn, the request bodies as the model server received them,
 * masked, and what came back, shown in the sidebar to the agent.
 */
describe('agent.outbound: the sidebar shows exactly what was sent to the model', () => {
  let chromium: ChromiumHarness;
  let helpdesk: DemoHelpdesk;
  let m: ModelForExtension;

  beforeAll(async () => {
    helpdesk = await startDemoHelpdesk();
    m = await startModel({ chunkDelayMs: 1 });
    chromium = await launchChromium();
    await configureChromium(chromium.context, chromium.extensionId, m);
    await setMasking(chromium.context, chromium.extensionId, true);
  });
  afterAll(async () => {
    await chromium?.close();
    await m?.model.close();
    await helpdesk?.close();
  });

  it('lists every request body of the turn as the model server received it, masked, with the answers', async () => {
    const page = await openTicket(chromium.context, helpdesk, TICKET.id);
    const panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    await panel.waitFor('[data-testid="chat-input"]');
    await ask(panel, 'What does the customer want? Draft a reply.');
    await waitForChat(panel, (v) => !v.running && v.drafts.length === 1, 'the draft card', { timeoutMs: 40_000 });
    const received = m.model.requests();
    expect(received.length).toBeGreaterThanOrEqual(3);

    await chooseFromMenu(panel, 'outbound-toggle');
    const shown = await poll(
      async () => {
        const v = await panel.evaluate(() => ({
          turns: document.querySelectorAll('[data-testid="outbound-view"] [data-testid="outbound-turn"]').length,
          requests: [...document.querySelectorAll('[data-testid="outbound-turn"][open] [data-testid="outbound-request"]')].map((el) => el.textContent ?? ''),
          responses: [...document.querySelectorAll('[data-testid="outbound-turn"][open] [data-testid="outbound-response"]')].map((el) => el.textContent ?? ''),
        }), null);
        return v.turns === 1 && v.requests.length === received.length ? v : undefined;
      },
      'the outbound view to list the turn',
    );
    // Exactly the bodies the server got, in order: not a summary, not before masking.
    expect(shown.requests.map((r) => JSON.parse(r))).toEqual(received);
    for (const text of shown.requests) for (const value of PERSONAL) expect(text).not.toContain(value);
    expect(shown.requests.join('\n')).toContain('[CUSTOMER_1]');
    // In words first: what the agent asked, each tool's result as the trace says it, what came back;
    // the raw exchange one click away (closed).
    const words = await panel.evaluate(() => ({
      sent: [...document.querySelectorAll('[data-testid="outbound-turn"][open] [data-testid="outbound-sent"]')].map((el) => (el as HTMLElement).innerText),
      answers: [...document.querySelectorAll('[data-testid="outbound-turn"][open] [data-testid="outbound-answer"]')].map((el) => (el as HTMLElement).innerText),
      rawOpen: [...document.querySelectorAll('[data-testid="outbound-turn"][open] .outbound-raw')].some((d) => (d as HTMLDetailsElement).open),
    }), null);
    expect(words.sent[0]).toContain('You: What does the customer want? Draft a reply.');
    expect(words.sent.join('\n'), JSON.stringify(words.sent)).toMatch(/Tool result: Read ticket #\d+/);
    expect(words.sent.join('\n')).not.toContain('{"ok"');
    expect(words.answers[0]).toBe('What came back: Asked to use: ticket.read');
    expect(words.rawOpen).toBe(false);
    // What came back: the streamed chunks, the proposal's arguments among them.
    expect(shown.responses.every((r) => r.includes('chat.completion.chunk'))).toBe(true);
    expect(shown.responses.join('')).toContain('reply__propose');

    // A second turn is its own entry, asked back in the chat.
    await panel.click('[data-testid="outbound-close"]');
    await ask(panel, 'Who are you?');
    await waitForChat(panel, (v) => !v.running && v.assistants.length >= 2, 'the second answer', { timeoutMs: 30_000 });
    expect(await panel.evaluate(() => document.querySelector('[data-testid="outbound-view"]'), null)).toBeNull();
    await chooseFromMenu(panel, 'outbound-toggle');
    await poll(
      async () => ((await panel.evaluate(() => document.querySelectorAll('[data-testid="outbound-turn"]').length, null)) === 2 ? true : undefined),
      'a second turn in the outbound view',
    );
    await panel.close();
    await page.close();
  });
});
