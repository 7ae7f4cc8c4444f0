import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReplyPayload } from '../../../src/sites/adapter';
import { boxChanged, replacedBy } from '../../../src/sites/dom/box-text';
import demo, { SELECTORS as DEMO } from '../../../src/sites/adapters/demo-helpdesk';
import freescout, { SELECTORS as FREESCOUT } from '../../../src/sites/adapters/freescout';
import osticket, { SELECTORS as OSTICKET } from '../../../src/sites/adapters/osticket';
import { fakeFreescout } from '../../fakes/fake-freescout';
import { fakeOsticket } from '../../fakes/fake-osticket';
import { fixtureHtml, useFixtures } from '../load-fixture';

/**
 * What the agent typed in the helpdesk's own box is never lost by a send: prepare says what
 * posting would replace (`replaces`, on the card), and deliver finds the box as the card said
 * or sends nothing and leaves the box as it is. For the code adapters and the recipe engine
 * (the demo helpdesk runs from its recipe).
 */
const demoPage = useFixtures('demo-helpdesk');
const osticketPage = useFixtures('osticket', { navigation: { disableMainFrameNavigation: true, disableFallbackToSetURL: true } });
const freescoutPage = useFixtures('freescout');
const BODY = 'Hi,\n\nthe duplicate charge has been refunded.';
const TYPED = 'Hi Tom, quick note from me.';

afterEach(() => vi.useRealTimers());

const typeInto = (el: HTMLElement, text: string) => {
  el.innerHTML = '';
  for (const line of text.split('\n')) el.append(Object.assign(el.ownerDocument.createElement('p'), { textContent: line }));
};

describe('the reply box, as a send reads it', () => {
  it('names what posting replaces: other text, not an empty box (an editor’s zero-width filler included) or the reply itself', () => {
    expect(replacedBy('', BODY)).toBeUndefined();
    expect(replacedBy('\u200b\n ', BODY)).toBeUndefined();
    expect(replacedBy(`${BODY}\n`, BODY)).toBeUndefined();
    expect(replacedBy(`${TYPED}\n\n${BODY}`, BODY)).toBe(`${TYPED}\n\n${BODY}`);
  });

  it('lets a delivery write a box holding nothing, the reply, or exactly what the card named; anything else is refused', () => {
    const payload = { body: BODY, replaces: TYPED } as ReplyPayload;
    for (const box of ['', BODY, TYPED, ` ${TYPED}\u200b`]) expect(boxChanged(box, payload)).toBeNull();
    expect(boxChanged(`${TYPED} And one more thing.`, payload)).toMatchObject({ ok: false, code: 'reply_box_changed' });
    expect(boxChanged(TYPED, { body: BODY } as ReplyPayload)).toMatchObject({ ok: false, code: 'reply_box_changed' });
  });
});

describe('the demo helpdesk (a recipe)', () => {
  const send = demo.tools['reply.send']!;
  const page = () => demoPage('ticket.html', '/tickets/1');

  it('says what the box holds at prepare, and refuses to deliver over text typed since, touching nothing', async () => {
    const { document, location } = page();
    const editor = document.querySelector<HTMLElement>(DEMO.editor)!;
    expect((await send.prepare({ body: BODY }, document, location)).data!.replaces).toBeUndefined();
    typeInto(editor, TYPED);
    const prepared = await send.prepare({ body: BODY }, document, location);
    expect(prepared.data).toMatchObject({ body: BODY, replaces: TYPED });
    let clicks = 0;
    document.querySelector(DEMO.send)!.addEventListener('click', () => clicks++);
    typeInto(editor, `${TYPED}\nAnd one more thing.`);
    const result = await send.deliver(prepared.data!, document, location);
    expect(result).toMatchObject({ ok: false, code: 'reply_box_changed' });
    expect(clicks).toBe(0);
    expect(editor.textContent).toContain('And one more thing.');
  });
});

describe('osTicket', () => {
  const send = osticket.tools['reply.send']!;
  const note = osticket.tools['note.add']!;
  const open = () => {
    const p = osticketPage('ticket.html', '/support/scp/tickets.php?id=5');
    fakeOsticket(p, { ticketHtml: fixtureHtml('osticket', 'ticket.html') });
    vi.spyOn(p.window.location, 'assign').mockImplementation(() => undefined);
    return p;
  };

  it('says what the reply box and the note box hold at prepare', async () => {
    const { document, location } = open();
    typeInto(document.querySelector<HTMLElement>(OSTICKET.replyEditor)!, TYPED);
    expect((await send.prepare({ body: BODY }, document, location)).data).toMatchObject({ replaces: TYPED });
    expect((await note.prepare({ body: BODY }, document, location)).data!.replaces).toBeUndefined();
    typeInto(document.querySelector<HTMLElement>(OSTICKET.noteEditor)!, 'Colleague: call him back.');
    expect((await note.prepare({ body: BODY }, document, location)).data).toMatchObject({ replaces: 'Colleague: call him back.' });
  });

  it('refuses to deliver over text typed in the box since the card was shown, clicking nothing', async () => {
    const { document, location } = open();
    const prepared = (await send.prepare({ body: BODY }, document, location)).data!;
    let clicks = 0;
    document.querySelector(OSTICKET.replySubmit)!.addEventListener('click', () => clicks++);
    typeInto(document.querySelector<HTMLElement>(OSTICKET.replyEditor)!, TYPED);
    expect(await send.deliver(prepared, document, location)).toMatchObject({ ok: false, code: 'reply_box_changed' });
    expect(clicks).toBe(0);
    expect(document.querySelector(OSTICKET.replyEditor)!.textContent).toBe(TYPED);
  });
});

describe('FreeScout', () => {
  const send = freescout.tools['reply.send']!;

  it('says what its one editor holds at prepare, and refuses to deliver over text typed since', async () => {
    const page = freescoutPage('conversation.html', '/conversation/42?folder_id=3');
    fakeFreescout(page, {});
    const { document, location } = page;
    // The agent opened the reply editor with the page's own button and typed in it.
    document.querySelector<HTMLElement>(FREESCOUT.replyOpen)!.click();
    const editor = document.querySelector<HTMLElement>(FREESCOUT.editor)!;
    typeInto(editor, TYPED);
    expect((await send.prepare({ body: BODY }, document, location)).data).toMatchObject({ replaces: TYPED });
    typeInto(editor, '');
    const prepared = (await send.prepare({ body: BODY }, document, location)).data!;
    expect(prepared.replaces).toBeUndefined();
    typeInto(editor, TYPED);
    let clicks = 0;
    document.querySelector(FREESCOUT.send)!.addEventListener('click', () => clicks++);
    expect(await send.deliver(prepared, document, location)).toMatchObject({ ok: false, code: 'reply_box_changed' });
    expect(clicks).toBe(0);
    expect(editor.textContent).toBe(TYPED);
  });
});
