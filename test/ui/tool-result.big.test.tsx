// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ToolResult } from '../../src/core';
import type { TicketData } from '../../src/shared/ticket';
import { PAGE_TOOLS } from '../../src/shared/page-tools';
import type { PageToolView } from '../../src/shared/protocol';
import { PART_CHARS as SHOWN_AT_ONCE } from '../../src/shared/result-parts';
import { ToolResultView } from '../../src/ui/sidebar/ToolResultView';
import { installI18n } from '../fakes/i18n';
import { dropRoot, freshRoot } from './root';

const ticketRead: PageToolView = (({ title, description, sideEffect, inputSchema }) => ({ name: 'ticket.read', title, description, sideEffect, inputSchema }))(PAGE_TOOLS['ticket.read']);
/** Any other read tool: its data shows as JSON. */
const otherRead: PageToolView = { ...ticketRead, name: 'tickets.search', title: 'Search tickets' };

/** A ticket of about 3 MB: 60 messages of 50,000 characters, each ending in its own marker. */
const bigTicket = (): TicketData => ({
  number: '#9001',
  subject: 'Logs attached',
  status: 'Open',
  requester: { name: 'Long Mail', email: 'long@example.com' },
  messages: Array.from({ length: 60 }, (_, i) => ({ author: `Writer ${i + 1}`, role: 'customer' as const, time: null, body: `${'log line '.repeat(5_555)}END-${i + 1}` })),
});

let root: HTMLElement;
beforeEach(() => {
  installI18n();
  root = freshRoot();
});
afterEach(() => dropRoot(root));

const shownChars = () => [...root.querySelectorAll('.message .text')].reduce((n, el) => n + (el.textContent?.length ?? 0), 0);
const more = () => act(() => root.querySelector<HTMLButtonElement>('[data-testid="show-more"]')!.click());

describe('a big result in the side panel', () => {
  it('shows the first part of a 3 MB ticket at once and the rest on demand, message by message', async () => {
    const ticket = bigTicket();
    const total = ticket.messages.reduce((n, m) => n + m.body.length, 0);
    await act(() => render(<ToolResultView tool={ticketRead} result={{ ok: true, data: ticket } as ToolResult} />, root));
    expect(total).toBeGreaterThan(2_900_000);
    expect(shownChars()).toBeLessThanOrEqual(SHOWN_AT_ONCE + 1);
    expect(root.querySelectorAll('.message')).toHaveLength(1);
    expect(root.textContent).not.toContain('END-1');
    expect(root.querySelector('[data-testid="show-more"]')!.textContent).toContain(String(total - SHOWN_AT_ONCE));
    await more();
    expect(root.textContent).toContain('END-1');
    expect(shownChars()).toBeLessThanOrEqual(2 * SHOWN_AT_ONCE + 2);
    // Shown to its end, the button goes.
    for (let i = 0; i < 200 && root.querySelector('[data-testid="show-more"]'); i++) await more();
    expect(root.querySelector('[data-testid="show-more"]')).toBeNull();
    expect(root.querySelectorAll('.message')).toHaveLength(60);
    expect(shownChars()).toBe(total);
  });

  it('shows the first part of big data as JSON, and a small ticket whole without a button', async () => {
    const data = { articles: Array.from({ length: 5_000 }, (_, i) => ({ id: i, text: `article ${i} `.repeat(20) })) };
    await act(() => render(<ToolResultView tool={otherRead} result={{ ok: true, data } as ToolResult} />, root));
    expect(root.querySelector('pre')!.textContent!.length).toBeLessThanOrEqual(SHOWN_AT_ONCE + 1);
    expect(root.querySelector('[data-testid="show-more"]')).not.toBeNull();
    const small: TicketData = { ...bigTicket(), messages: [{ author: 'Ada', role: 'customer', time: null, body: 'My order never came.' }] };
    await act(() => render(<ToolResultView tool={ticketRead} result={{ ok: true, data: small } as ToolResult} />, root));
    expect(root.querySelector('.message .text')!.textContent).toBe('My order never came.');
    expect(root.querySelector('[data-testid="show-more"]')).toBeNull();
  });
});
