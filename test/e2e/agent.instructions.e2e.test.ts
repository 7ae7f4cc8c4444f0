import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openExtensionPage, openRealSidePanel, type ChromiumHarness } from './harness/chromium';
import { ask, configureChromium, messagesOf, startModel, waitForChat, type ModelForExtension } from './harness/chat';
import { openTicket, startDemoHelpdesk, TICKET_1, TICKET_2, waitIn, type DemoHelpdesk } from './harness/deskmate';

const TEAM = 'Sign as Northwind Support; never promise refunds over €100.';
const CONTEXT = 'Finance already approved the refund of the duplicate charge on Monday.';

/** Whether `needle` appears in `text` only outside the untrusted fences. */
function onlyOutsideFences(text: string, needle: string): boolean {
  // The fences themselves, not the system prompt's mention of them.
  const fence = /<tool_result tool="[^"]*" untrusted="true">[\s\S]*?<\/tool_result>/g;
  const fences = text.match(fence) ?? [];
  const outside = text.replace(fence, '');
  return outside.includes(needle) && !fences.some((f) => f.includes(needle));
}

describe('agent.instructions: team instructions and ticket context go with every request, as the agent’s words', () => {
  let chromium: ChromiumHarness;
  let helpdesk: DemoHelpdesk;
  let m: ModelForExtension;

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

  it('sends them in the system message outside any fence, and the context only for its own ticket', async () => {
    const options = await openExtensionPage(chromium.context, chromium.extensionId, 'options.html', { timeoutMs: 15_000 });
    await options.fill('[data-testid=settings-instructions]', TEAM);
    await options.click('[data-testid=settings-instructions-save]');
    await options.waitForSelector('[data-testid=settings-instructions-status][data-state=saved]');
    await options.close();

    const page = await openTicket(chromium.context, helpdesk, TICKET_1.id);
    const panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    await panel.waitFor('.ticket-context summary');
    await panel.click('.ticket-context summary');
    await panel.fill('[data-testid="ticket-context"]', CONTEXT);
    await waitIn(panel, () => document.querySelector('[data-testid="ticket-context"]')?.getAttribute('data-state') === 'saved', null, 'the ticket context to be saved');

    await ask(panel, 'What does the customer want? Draft a reply.');
    await waitForChat(panel, (v) => !v.running && v.drafts.length === 1, 'the draft card', { timeoutMs: 40_000 });
    const requests = m.model.requests();
    expect(requests.length).toBeGreaterThanOrEqual(3);
    for (const request of requests) {
      const messages = messagesOf(request);
      expect(messages[0]!.role).toBe('system');
      expect(messages[0]!.content).toContain(`Instructions from the agent's team (the agent's own words; follow them):\n${TEAM}`);
      expect(messages[0]!.content).toContain(`Context from the agent for this ticket (the agent's own words):\n${CONTEXT}`);
      const all = JSON.stringify(messages.map((x) => x.content));
      expect(messages.filter((x) => x.role === 'tool').some((x) => x.content.includes(CONTEXT))).toBe(false);
      expect(onlyOutsideFences(messages.map((x) => x.content).join('\n'), CONTEXT), all).toBe(true);
    }
    await panel.close();

    // Another ticket: the team's instructions, not the first ticket's context.
    m.model.reset();
    const other = await openTicket(chromium.context, helpdesk, TICKET_2.id);
    const panel2 = await openRealSidePanel(chromium.context, chromium.extensionId, other);
    await panel2.waitFor('[data-testid="ticket-context"]');
    expect(await panel2.evaluate(() => (document.querySelector('[data-testid="ticket-context"]') as HTMLTextAreaElement).value, null)).toBe('');
    await ask(panel2, 'What does the customer want? Draft a reply.');
    await waitForChat(panel2, (v) => !v.running && v.drafts.length === 1, 'the draft card of the second ticket', { timeoutMs: 40_000 });
    const system = messagesOf(m.model.requests()[0])[0]!.content;
    expect(system).toContain(TEAM);
    expect(system).not.toContain(CONTEXT);
    await panel2.close();
    await page.close();
    await other.close();
  });
});
