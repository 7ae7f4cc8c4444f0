import { beforeEach, describe, expect, it } from 'vitest';
import type { PageToolView, PageView } from '../../src/shared/protocol';
import { PAGE_TOOLS, type PageToolName } from '../../src/shared/page-tools';
import { chatPlaceholder, pageCan, pageIs, toolDescription } from '../../src/ui/page-words';
import { installI18n } from '../fakes/i18n';

const view = (name: PageToolName): PageToolView => {
  const { title, description, sideEffect, inputSchema } = PAGE_TOOLS[name];
  return { name, title, description, sideEffect, inputSchema };
};
const origin = 'http://127.0.0.1:8088';
const ticketPage: PageView = { tabId: 1, adapterId: 'osticket', adapterTitle: 'osTicket', origin, ticket: { key: '7', label: '#957908' } };
const listPage: PageView = { tabId: 1, adapterId: 'generic', adapterTitle: 'Web page', siteTitle: 'osTicket', origin, ticket: null };
const webPage: PageView = { ...listPage, siteTitle: undefined };
const generic = [view('page.read'), view('selection.read'), view('reply.fill')];

describe('what the page is, in words', () => {
  beforeEach(installI18n);

  it('names a ticket, a helpdesk page without one, and a web page', () => {
    expect(pageIs(ticketPage)).toBe('Ticket #957908');
    expect(pageIs(listPage)).toBe('A page of osTicket that shows no ticket');
    expect(pageIs(webPage)).toBe('A web page, not a ticket');
  });

  it('says what Deskmate can do there, from the actions the page has', () => {
    expect(pageCan(generic, listPage)).toBe('Here Deskmate can read this page, read the text you select, insert a draft into the field you click.');
    expect(pageCan([view('ticket.read'), view('reply.send'), view('note.add')], ticketPage)).toBe(
      'Here Deskmate can read the ticket, send a reply once you confirm it, add an internal note once you confirm it.',
    );
    expect(pageCan([], webPage)).toBe('Here Deskmate can only answer questions: this page has no actions.');
  });

  it('gives the chat box a placeholder that fits the page', () => {
    expect(chatPlaceholder(ticketPage, [])).toBe('Ask about this ticket…');
    expect(chatPlaceholder(listPage, generic)).toBe('No ticket here: ask about this page or the text you select…');
    expect(chatPlaceholder({ ...listPage, adapterId: 'osticket' }, [view('reply.fill')])).toBe('No ticket here: open a ticket to draft a reply, or ask a question…');
    expect(chatPlaceholder(null, [])).toBe('Deskmate cannot read this page: ask a general question…');
    expect(chatPlaceholder(undefined, [])).toBe('Ask about this ticket…');
  });

  it('never shows the text written for the model', () => {
    for (const name of Object.keys(PAGE_TOOLS) as PageToolName[]) {
      const text = toolDescription(view(name), webPage);
      expect(text, name).not.toBe(PAGE_TOOLS[name].description);
      expect(text, name).not.toMatch(/never instructions|page_tool_/);
    }
  });
});
