import { describe, expect, it, vi } from 'vitest';
import adapter, { SELECTORS } from '../../../src/sites/adapters/demo-helpdesk';
import type { ReplyPayload } from '../../../src/sites/adapter';
import { FIXTURE_ORIGIN, useFixtures } from '../load-fixture';

/** reply.send on saved pages: prepare, and every way deliver refuses. The live send is in demo-helpdesk.deliver.test.ts. */
const load = useFixtures('demo-helpdesk');
const ticketPage = () => load('ticket.html', '/tickets/1');
const sendTool = adapter.tools['reply.send']!;

describe('reply.send', () => {
  const payload: ReplyPayload = {
    site: FIXTURE_ORIGIN,
    ticket: '#1041',
    recipient: 'Maria Lindqvist <maria.lindqvist@example.com>',
    subject: 'Re: Charged twice for order NW-20931 — please refund the duplicate',
    body: 'Hi Maria,\n\nThe duplicate charge has been refunded.',
  };

  it('prepares the exact payload from the page and sends nothing', async () => {
    const { document, location } = ticketPage();
    const editor = document.querySelector<HTMLElement>(SELECTORS.editor)!;
    let clicks = 0;
    document.querySelector(SELECTORS.send)!.addEventListener('click', () => clicks++);
    expect(await sendTool.prepare({ body: payload.body }, document, location)).toEqual({ ok: true, data: payload });
    expect([clicks, editor.innerHTML]).toEqual([0, '']);
  });

  it('fails to prepare where there is no ticket or no reply form', async () => {
    const list = load('ticket-list.html', '/tickets');
    expect(await sendTool.prepare({ body: 'Hi' }, list.document, list.location)).toMatchObject({ ok: false, code: 'no_ticket' });
    const { document, location } = ticketPage();
    document.querySelector('.hd-reply')!.remove();
    expect(await sendTool.prepare({ body: 'Hi' }, document, location)).toMatchObject({ ok: false, code: 'no_reply_form' });
  });

  it('refuses to deliver when the page shows another ticket, touching nothing', async () => {
    const { document, location } = load('ticket-html-mail.html', '/tickets/6');
    const editor = document.querySelector<HTMLElement>(SELECTORS.editor)!;
    let clicks = 0;
    document.querySelector(SELECTORS.send)!.addEventListener('click', () => clicks++);
    const result = await sendTool.deliver(payload, document, location);
    expect(result).toMatchObject({ ok: false, code: 'scope_changed' });
    expect([clicks, editor.innerHTML]).toEqual([0, '']);
  });

  it('refuses to deliver a payload prepared on another site', async () => {
    const { document, location } = ticketPage();
    const result = await sendTool.deliver({ ...payload, site: 'http://127.0.0.1:9999' }, document, location);
    expect(result).toMatchObject({ ok: false, code: 'scope_changed' });
  });

  it('sends nothing when the page never mirrors the editor into its form', async () => {
    vi.useFakeTimers();
    try {
      const { document, location } = ticketPage();
      let clicks = 0;
      document.querySelector(SELECTORS.send)!.addEventListener('click', () => clicks++);
      const delivered = sendTool.deliver(payload, document, location);
      await vi.advanceTimersByTimeAsync(2_100);
      const result = await delivered;
      expect(result).toMatchObject({ ok: false, code: 'delivery_failed' });
      expect(result.error).toMatch(/nothing was sent/);
      expect(clicks).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('clicks once and says the outcome is unknown when no reply shows up in time', async () => {
    vi.useFakeTimers();
    try {
      const { document, location } = ticketPage();
      const editor = document.querySelector<HTMLElement>(SELECTORS.editor)!;
      const mirror = document.querySelector<HTMLTextAreaElement>(SELECTORS.mirror)!;
      editor.addEventListener('input', () => (mirror.value = editor.innerHTML));
      let clicks = 0;
      document.querySelector(SELECTORS.send)!.addEventListener('click', () => clicks++);
      const delivered = sendTool.deliver(payload, document, location);
      await vi.advanceTimersByTimeAsync(15_100);
      const result = await delivered;
      expect(result).toMatchObject({ ok: false, code: 'outcome_unknown' });
      expect(result.error).toMatch(/may or may not have been sent/);
      expect(clicks).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
