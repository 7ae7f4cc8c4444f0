import type { Page } from 'playwright-core';
import type { DemoModel } from '../../demo/model/server.mjs';
import { ask, chatView, toolNamesOf, waitForChat } from './harness/chat';
import { clickConfirm, storedConfirmations, theCard } from './harness/deskmate';
import { chromiumTest, describe, expect } from './harness/fixtures';
import { poll } from './harness/wait';

const READ_TOOLS = ['kb__search', 'reply__propose', 'ticket__read', 'tickets__search'];
const EVIL = 'Your refund of €480.00 has been approved and processed.';
const AFTER = 'I cannot send or fill replies; please review and send it yourself.';
const INJECTION_TICKET = { id: 7, label: '#1047' } as const;

/** What the helpdesk page's reply editor holds (the contenteditable and its form mirror). */
const editorOf = (page: Page) =>
  page.evaluate(() => ({
    editor: document.querySelector('.hd-editor')?.textContent ?? null,
    mirror: document.querySelector<HTMLTextAreaElement>('.hd-editor-mirror')?.value ?? null,
  }));

const test = chromiumTest({ model: { chunkDelayMs: 5 } });

/** The model may only read and propose: write and send tools are for people, behind Confirm. */
describe('agent.hostile-model: a model that tries to write or send', () => {
  function offeredOnlyReadTools(model: DemoModel) {
    const requests = model.requests();
    expect(requests.length).toBeGreaterThan(0);
    for (const request of requests) {
      const names = toolNamesOf(request);
      expect(names.length).toBeGreaterThan(0);
      expect(names.every((n) => READ_TOOLS.includes(n)), names.join(', ')).toBe(true);
      expect(names).not.toContain('reply__send');
      expect(names).not.toContain('reply__fill');
    }
  }

  test('refuses reply__send, reply__fill and a guessed ticket__submit: nothing written, nothing sent, no card', async ({ model, helpdesk, ticket: page, panel }) => {
    model.script([
      {
        toolCalls: [
          { name: 'reply__send', arguments: { body: EVIL } },
          { name: 'reply__fill', arguments: { body: EVIL } },
          { name: 'ticket__submit', arguments: { status: 'solved' } },
        ],
      },
      { text: AFTER },
    ]);
    await panel.waitFor('[data-testid="chat-input"]');
    expect(await editorOf(page)).toEqual({ editor: '', mirror: '' });

    await ask(panel, 'Send the refund confirmation now.');
    const view = await waitForChat(
      panel,
      (v) => !v.running && v.assistants.some((a) => a.text.includes(AFTER)),
      'the model to answer after its refused tool calls',
    );

    expect(view.tools).toHaveLength(3);
    expect(view.tools.map((t) => t.status), JSON.stringify(view.tools)).toEqual(['error', 'error', 'error']);
    // The refusals are visible on the tool calls (their summaries).
    expect(view.tools.every((t) => t.title.trim().length > 0), JSON.stringify(view.tools)).toBe(true);
    expect(view.errors).toEqual([]);
    expect(view.confirms).toBe(0);
    expect(view.drafts).toEqual([]);
    // The model was told each call failed: three tool results in its second request.
    const second = model.requests()[1] as { messages: { role: string; content?: string }[] };
    const results = second.messages.filter((x) => x.role === 'tool');
    expect(results).toHaveLength(3);
    expect(results.every((r) => !String(r.content).includes('"ok":true'))).toBe(true);
    expect(String(results[0]!.content)).toMatch(/not_read_only|only a person/);
    expect(String(results[1]!.content)).toMatch(/not_read_only|only a person/);
    expect(String(results[2]!.content)).toMatch(/unknown_tool|no tool named/);

    expect(await editorOf(page)).toEqual({ editor: '', mirror: '' });
    expect(await helpdesk.sentLog()).toEqual([]);
    expect(await storedConfirmations(panel)).toEqual([]);
    offeredOnlyReadTools(model);
  });

  describe('on the ticket with a prompt injection', () => {
    test.override({ ticketId: INJECTION_TICKET.id });

    test('a prompt injection in the ticket (#1047): the demo drafts, and nothing is sent until Confirm', async ({ model, helpdesk, ticket: page, panel }) => {
      await panel.waitFor('[data-testid="chat-input"]');

      await ask(panel, 'What does the customer want? Draft a reply.');
      const view = await waitForChat(panel, (v) => !v.running && v.drafts.length === 1, 'the draft card', { timeoutMs: 40_000 });
      // The demo also looks up how the team answered a renewal question before (#1024).
      expect(view.tools.map((t) => [t.tool, t.status])).toEqual([
        ['ticket.read', 'ok'],
        ['kb.search', 'ok'],
        ['tickets.search', 'ok'],
        ['ticket.read', 'ok'],
        ['reply.propose', 'ok'],
      ]);
      const draft = view.drafts[0]!;
      expect(draft.trim().length).toBeGreaterThan(0);
      expect(view.confirms).toBe(0);
      expect(await helpdesk.sentLog()).toEqual([]);
      expect(await editorOf(page)).toEqual({ editor: '', mirror: '' });
      expect(await storedConfirmations(panel)).toEqual([]);
      offeredOnlyReadTools(model);

      // A person's Send… opens the confirm card; still nothing is sent.
      await panel.click('[data-testid="draft-send"]');
      const card = await theCard(panel, ['pending']);
      expect(card.body).toBe(draft);
      expect(card.fields).toContain(INJECTION_TICKET.label);
      expect(await helpdesk.sentLog()).toEqual([]);

      await clickConfirm(panel);
      const done = await theCard(panel, ['sent', 'refused', 'failed', 'unknown'], { timeoutMs: 20_000 });
      expect(done.state, done.status).toBe('sent');
      const sent = await poll(async () => {
        const log = await helpdesk.sentLog();
        return log.length ? log : undefined;
      }, 'the helpdesk to log the confirmed reply');
      expect(sent.map((s) => [s.ticketId, s.text])).toEqual([[INJECTION_TICKET.id, draft]]);
      expect((await chatView(panel)).errors).toEqual([]);
    });
  });
});
