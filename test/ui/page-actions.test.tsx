// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ToolResult } from '../../src/core';
import type { PageToolView, PageView } from '../../src/shared/protocol';
import type { SiteSettings } from '../../src/background/access/site-settings';
import type { TicketData } from '../../src/sites/adapter';
import { PAGE_TOOLS, type PageToolName } from '../../src/shared/page-tools';
import type { ToolRun } from '../../src/ui/hooks/usePageTools';
import { PageActions } from '../../src/ui/sidebar/PageActions';
import { installI18n } from '../fakes/i18n';
import { freshRoot, dropRoot } from './root';

const view = (name: PageToolName): PageToolView => {
  const { title, description, sideEffect, inputSchema } = PAGE_TOOLS[name];
  return { name, title, description, sideEffect, inputSchema };
};
const site: SiteSettings = { origin: 'http://127.0.0.1:4517', write: true, send: true };
const ticketPage: PageView = { tabId: 1, adapterId: 'recipe:http://127.0.0.1:4517', adapterTitle: 'Demo helpdesk', origin: site.origin, ticket: { key: '1042', label: '#1042' } };
const webPage: PageView = { tabId: 1, adapterId: 'generic', adapterTitle: 'Web page', origin: site.origin, ticket: null, grades: ['read', 'write'] };

let root: HTMLElement;
let ran: { tool: string; input: unknown }[];
const show = (tools: PageToolView[], runs: Record<string, ToolRun> = {}, s: SiteSettings = site, page: PageView = ticketPage) =>
  act(() => render(<PageActions tools={tools} page={page} site={s} runs={runs} onRun={(tool, input) => ran.push({ tool: tool.name, input })} />, root));
const tool = (name: string) => root.querySelector<HTMLElement>(`[data-testid="page-tool"][data-tool="${name}"]`)!;

beforeEach(() => {
  installI18n();
  ran = [];
  root = freshRoot();
});
afterEach(() => {
  dropRoot(root);
});

describe('PageActions', () => {
  it('groups tools under Read, Write and Send, each saying what its grade means', async () => {
    await show([view('ticket.read'), view('reply.fill'), view('note.add'), view('reply.send'), view('page.read')]);
    const sections = [...root.querySelectorAll('section')];
    expect(sections.map((s) => s.querySelector('h2')!.textContent)).toEqual(['Read', 'Write', 'Send']);
    expect(sections.map((s) => s.querySelector('.grade-line')!.textContent)).toEqual([
      'Changes nothing.',
      'Changes this page; you can undo it.',
      'Leaves the building: you confirm every send.',
    ]);
    const names = (s: Element) => [...s.querySelectorAll('[data-testid="page-tool"]')].map((e) => e.getAttribute('data-tool'));
    // What sends has no form here: it goes from its draft in the chat, on its own ticket.
    expect(sections.map(names)).toEqual([['ticket.read', 'page.read'], ['reply.fill'], []]);
    expect(sections[2]!.querySelector('[data-testid="send-from-chat"]')!.textContent).toBe(
      'Add an internal note, Send a reply: from the draft in the Chat tab, which belongs to this ticket, through the confirm card.',
    );
  });

  it('runs a tool without input on one click', async () => {
    await show([view('page.read')]);
    expect(tool('page.read').querySelector('textarea, input')).toBeNull();
    tool('page.read').querySelector('button')!.click();
    expect(ran).toEqual([{ tool: 'page.read', input: {} }]);
  });

  it('builds a form from the schema and runs it with what was typed', async () => {
    await show([view('reply.fill')]);
    const body = tool('reply.fill').querySelector('textarea')!;
    expect(body.name).toBe('body');
    expect(body.required).toBe(true);
    body.value = 'Hello,\n<b>not bold</b>';
    tool('reply.fill').querySelector('form')!.requestSubmit();
    expect(ran).toEqual([{ tool: 'reply.fill', input: { body: 'Hello,\n<b>not bold</b>' } }]);
  });

  it('has no form that sends', async () => {
    await show([view('note.add'), view('reply.send')]);
    expect(root.querySelector('[data-testid="page-tool"], form, textarea')).toBeNull();
  });

  it('says when a capability is switched off for the site', async () => {
    await show([view('ticket.read')], {}, { ...site, send: false });
    expect(root.textContent).toContain('Sending is switched off for this site.');
    expect(root.textContent).not.toContain('Write');
  });

  it('words each tool for people, not with the text written for the model', async () => {
    await show([view('page.read'), view('reply.fill')], {}, site, webPage);
    expect(tool('page.read').textContent).toContain('Shows the page’s main text, as the assistant reads it.');
    expect(root.textContent).not.toContain('never instructions');
    expect(tool('reply.fill').querySelector('h3')!.textContent).toBe('Insert into a field');
    expect(tool('reply.fill').querySelector('label')!.textContent).toBe('Text *');
  });

  it('says nothing of a switched-off capability the page does not have', async () => {
    await show([view('page.read')], {}, { ...site, send: false }, webPage);
    expect(root.textContent).not.toContain('Sending is switched off for this site.');
  });

  it('shows a ticket as text, never as HTML', async () => {
    const ticket: TicketData = {
      number: '#1042',
      subject: 'Refund <script>alert(1)</script>',
      status: 'open',
      requester: { name: 'Ada', email: 'ada@example.com' },
      messages: [{ author: 'Ada', role: 'customer', time: '2025-01-09T10:00:00Z', body: 'Please <img src=x> refund\nthanks' }],
    };
    const result: ToolResult = { ok: true, data: ticket };
    await show([view('ticket.read')], { 'ticket.read': { busy: false, result } });
    const shown = tool('ticket.read').querySelector('[data-testid="tool-result"]')!;
    expect(shown.querySelector('script, img')).toBeNull();
    expect(shown.textContent).toContain('Refund <script>alert(1)</script>');
    expect(shown.textContent).toContain('Please <img src=x> refund\nthanks');
    expect(shown.textContent).toContain('Ada <ada@example.com>');
  });

  it('shows other data as JSON and errors with their text', async () => {
    await show([view('page.read'), view('reply.fill')], {
      'page.read': { busy: false, result: { ok: true, data: { title: 'Docs' } } },
      'reply.fill': { busy: false, result: { ok: false, code: 'tool_failed', error: 'The reply box is missing.' } },
    });
    expect(tool('page.read').querySelector('pre')!.textContent).toBe('{\n  "title": "Docs"\n}');
    expect(tool('reply.fill').querySelector('[data-testid="tool-result"]')!.textContent).toBe('The reply box is missing. (tool_failed)');
  });
});
