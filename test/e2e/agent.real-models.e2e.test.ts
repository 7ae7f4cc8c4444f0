import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium, openRealSidePanel, type ChromiumHarness, type SidePanel } from './harness/chromium';
import { ask, configureChromium, startModel, toolNamesOf, waitForChat, type ModelForExtension } from './harness/chat';
import { clickConfirm, openTicket, startDemoHelpdesk, theCard, TICKET_1, type DemoHelpdesk } from './harness/deskmate';
import { poll } from './harness/wait';

/**
 * Models as they are, not only the ideal one: one that refuses tools (Ollama's "does not
 * support tools"), one that writes its reply in the message instead of calling reply.propose,
 * one that streams its reasoning. The story still ends with the confirmed text posted once.
 */
describe('agent.real-models: no tools, answers in text, reasoning', () => {
  let chromium: ChromiumHarness;
  let helpdesk: DemoHelpdesk;
  let m: ModelForExtension;
  let page: Page | undefined;
  let panel: SidePanel | undefined;

  beforeAll(async () => {
    helpdesk = await startDemoHelpdesk();
    m = await startModel({ chunkDelayMs: 2 });
    chromium = await launchChromium();
    await configureChromium(chromium.context, chromium.extensionId, m);
  });
  afterAll(async () => {
    await chromium?.close();
    await m?.model.close();
    await helpdesk?.close();
  });
  beforeEach(async () => {
    await panel?.close().catch(() => undefined);
    await page?.close().catch(() => undefined);
    await helpdesk.reset();
    m.model.reset();
  });

  /** Ask, click "Use as draft" on the answer, Send…, Confirm: returns the draft that was confirmed. */
  async function draftFromAnswerAndSend(signature: string): Promise<string> {
    page = await openTicket(chromium.context, helpdesk, TICKET_1.id);
    panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    await panel.waitFor('[data-testid="chat-input"]');
    await ask(panel, 'What does the customer want? Draft a reply.');
    const answered = await waitForChat(panel, (v) => !v.running && v.assistants.length > 0, 'an answer', { timeoutMs: 40_000 });
    expect(answered.drafts).toEqual([]);
    expect(answered.errors).toEqual([]);
    await panel.click('[data-testid="use-as-draft"]');
    const view = await waitForChat(panel, (v) => v.drafts.length === 1, 'the draft card from the answer');
    const draft = view.drafts[0]!;
    expect(draft).toMatch(/^Hi Maria,\n/);
    expect(draft).not.toContain('Here is a draft');
    expect(draft).not.toContain('Thinking it over');
    // A second click makes no second card.
    expect(await panel.evaluate(() => document.querySelectorAll('[data-testid="use-as-draft"]').length, null)).toBe(0);

    // Signed by the agent: each test sends its own text (the same reply to the same ticket
    // again would rightly show the card of the first send instead of a new one).
    const signed = `${draft}\n${signature}`;
    await panel.fill('[data-testid="draft-body"]', signed);
    await panel.click('[data-testid="draft-send"]');
    const card = await theCard(panel, ['pending']);
    expect(card.body).toBe(signed);
    expect(await helpdesk.sentLog()).toEqual([]);
    await clickConfirm(panel);
    const done = await theCard(panel, ['sent', 'refused', 'failed', 'unknown'], { timeoutMs: 20_000 });
    expect(done.state, done.status).toBe('sent');
    const sent = await poll(async () => {
      const log = await helpdesk.sentLog();
      return log.length ? log : undefined;
    }, 'the helpdesk to log the reply');
    expect(sent.map((s) => [s.ticketId, s.text])).toEqual([[TICKET_1.id, signed]]);
    return signed;
  }

  it('a model that refuses tools: context mode, told to the agent, and the confirmed text posted once', async () => {
    m.model.behave({ noTools: true });
    await draftFromAnswerAndSend('Sam (no tools)');
    const notices = await panel!.evaluate(() => [...document.querySelectorAll('[data-testid="chat-notice"]')].map((n) => n.textContent ?? ''), null);
    expect(notices.join(' ')).toContain('does not support tools');
    const requests = m.model.requests();
    // The refused request offered tools; the one answered offered none and carried the fenced ticket.
    expect(toolNamesOf(requests[0]).length).toBeGreaterThan(0);
    const last = requests.at(-1) as { messages: { role: string; content: string }[] };
    expect(toolNamesOf(last)).toEqual([]);
    const context = last.messages.find((x) => x.role === 'user' && x.content.includes('<tool_result tool="ticket.read" untrusted="true">'));
    expect(context?.content).toContain('Charged twice for order NW-20931');
    expect(last.messages.at(-1)).toMatchObject({ role: 'user', content: 'What does the customer want? Draft a reply.' });
  });

  it('a model that answers in text and streams its reasoning: the reply only, confirmed and posted once', async () => {
    m.model.behave({ textAnswers: true, reasoning: true });
    await draftFromAnswerAndSend('Sam (answers in text)');
    const shown = await panel!.evaluate(() => document.querySelector('[data-testid="chat-log"], .chat-log')?.textContent ?? '', null);
    expect(shown).not.toContain('Thinking it over');
  });
});
