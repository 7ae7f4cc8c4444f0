import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect } from 'vitest';
import { launchChromium, openRealSidePanel, type ChromiumHarness, type SidePanel } from '../e2e/harness/chromium';
import { startModel, type ModelForExtension } from '../e2e/harness/chat';
import { openTicket, startDemoHelpdesk, theCard, TICKET_1, waitIn, type DemoHelpdesk } from '../e2e/harness/deskmate';
import { sendFromDraft, useModel } from '../e2e/harness/drafts';
import { poll } from '../e2e/harness/wait';
import { attack } from './attack';
import { HIDDEN_NAME, HIDDEN_SUBJECT, LONG_BODY, TAIL, ZW_BODY } from './confirm-card.cases';

/**
 * Findings 4 and 5 in real Chromium and the real side panel: the confirm card of a 19,000-character
 * body cannot be confirmed before its end was in view (mouse or keyboard), and hidden characters
 * planted by the page in the requester name and subject are shown, marked, and warned about.
 */
const card = (panel: SidePanel) =>
  panel.evaluate(() => {
    const root = document.querySelector('[data-testid="confirm-card"]');
    const q = (id: string) => root?.querySelector<HTMLElement>(`[data-testid="${id}"]`);
    return {
      canAccept: !(q('confirm-accept') as HTMLButtonElement | null)?.disabled,
      length: q('confirm-body-length')?.textContent ?? '',
      hint: q('confirm-scroll-hint') !== null,
      to: root?.querySelector('dd[data-field="recipient"]')?.textContent ?? '',
      subject: root?.querySelector('dd[data-field="subject"]')?.textContent ?? '',
      body: q('confirm-body')?.textContent ?? '',
      hidden: q('confirm-hidden-warning')?.textContent ?? null,
      text: root?.textContent ?? '',
    };
  });
const settle = (ms = 600) => new Promise((r) => setTimeout(r, ms));

describe('security: the confirm card in Chromium (findings 4 and 5)', () => {
  let chromium: ChromiumHarness;
  let helpdesk: DemoHelpdesk;
  let m: ModelForExtension;
  let page: Page | undefined;
  let panel: SidePanel | undefined;

  beforeAll(async () => {
    helpdesk = await startDemoHelpdesk();
    m = await startModel({ chunkDelayMs: 2 });
    chromium = await launchChromium();
    await useModel(chromium.context, chromium.extensionId, m);
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

  async function prepare(body: string, plant?: (page: Page) => Promise<void>) {
    page = await openTicket(chromium.context, helpdesk, TICKET_1.id);
    await plant?.(page);
    panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    await sendFromDraft(panel, m.model, body);
    await theCard(panel, ['pending']);
    return panel;
  }

  attack('a 19,000-character body with a dangerous tail cannot be confirmed before its end was in view', async () => {
    const p = await prepare(LONG_BODY);
    const first = await card(p);
    expect(first.length).toBe('19,000 characters, 2 lines');
    expect(first.canAccept).toBe(false);
    expect(first.hint).toBe(true);

    // Confirm sits under the whole body, which scrolls with the sidebar: while the tail is out of
    // view, so is Confirm, and it is off. A click that reaches it anyway does nothing.
    const place = await p.evaluate(() => {
      const accept = document.querySelector<HTMLButtonElement>('[data-testid="confirm-card"] [data-testid="confirm-accept"]')!;
      const tail = document.querySelector('[data-testid="confirm-body"]')!.getBoundingClientRect().bottom;
      accept.click();
      return { belowTheFold: accept.getBoundingClientRect().top > innerHeight, tailInView: tail <= innerHeight, disabled: accept.disabled };
    });
    expect(place).toEqual({ belowTheFold: true, tailInView: false, disabled: true });
    await settle();
    expect(await helpdesk.sentLog()).toEqual([]);
    expect((await theCard(p, ['pending'])).state).toBe('pending');

    // The body scrolls with the sidebar: from its start to half way down is not the end.
    await p.evaluate(async () => {
      const body = document.querySelector('[data-testid="confirm-body"]')!;
      body.scrollIntoView({ block: 'start' });
      // The start is seen once a frame has shown it: the observer looks at rendered frames only.
      for (let i = 0; i < 2; i++) await new Promise(requestAnimationFrame);
      let box = body.parentElement;
      while (box && !(box.scrollHeight > box.clientHeight && /auto|scroll/.test(getComputedStyle(box).overflowY))) box = box.parentElement;
      box!.scrollTop += body.getBoundingClientRect().height / 2;
    });
    await settle(200);
    expect((await card(p)).canAccept).toBe(false);

    // The keyboard reaches the body and scrolls on to its end: then Confirm is offered.
    await p.evaluate(() => document.querySelector<HTMLElement>('[data-testid="confirm-body"]')!.focus());
    expect(await p.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('confirm-body');
    // Page Down a screen at a time, as a reader goes, each step shown before the next: a jump
    // (End) can pass the text's end between two frames, which is not the end seen.
    for (let i = 0; i < 40 && !(await card(p)).canAccept; i++) {
      await p.press('PageDown');
      await p.evaluate(async () => {
        for (let i = 0; i < 2; i++) await new Promise(requestAnimationFrame);
      });
    }
    await waitIn(p, () => !document.querySelector<HTMLButtonElement>('[data-testid="confirm-accept"]')?.disabled, null, 'Confirm once the end is in view');
    expect((await card(p)).hint).toBe(false);

    await p.click('[data-testid="confirm-card"] [data-testid="confirm-accept"]');
    const done = await theCard(p, ['sent', 'refused', 'failed', 'unknown'], { timeoutMs: 20_000 });
    expect(done.state, done.status).toBe('sent');
    const sent = await poll(async () => ((await helpdesk.sentLog()).length ? helpdesk.sentLog() : undefined), 'the reply in the helpdesk');
    expect(sent.map((s) => s.text)).toEqual([LONG_BODY]);
    expect(sent[0]!.text.endsWith(TAIL)).toBe(true);
  });

  attack('hidden characters planted in the requester name, subject and body are shown marked and warned about', async () => {
    const p = await prepare(ZW_BODY, async (ticket) => {
      // The hostile page rewrites what the adapter reads: a U+202E in the name, a U+200B in the subject.
      await ticket.evaluate(
        ({ name, subject }) => {
          document.querySelector('.hd-ticket-header .hd-requester-name')!.textContent = name;
          document.querySelector('.hd-ticket-header .hd-ticket-subject')!.textContent = subject;
        },
        { name: HIDDEN_NAME, subject: HIDDEN_SUBJECT },
      );
    });
    const shown = await card(p);
    expect(shown.to).toContain('⟦U+202E⟧');
    expect(shown.subject).toContain('⟦U+200B⟧');
    expect(shown.body).toContain('⟦U+2060⟧');
    // No hidden character is live anywhere on the card: none can reorder or hide text there.
    expect(/\p{Cf}/u.test(shown.text)).toBe(false);
    expect(shown.hidden).toMatch(/To, Subject, Text to send/);
    expect(shown.hidden).toMatch(/U\+202E/);
    expect(await helpdesk.sentLog()).toEqual([]);
  });
});
