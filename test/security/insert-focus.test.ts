import { afterAll, afterEach, beforeEach, describe, expect } from 'vitest';
import { Window } from 'happy-dom';
import { forgetFocus, trackFocus } from '../../src/sites/dom/focus-memory';
import { FIELD_GONE, NO_FOCUS } from '../../src/sites/dom/insert';
import generic from '../../src/sites/adapters/generic';
import { attack } from './attack';

/**
 * Insert anywhere against the page it inserts into. The draft goes into the field the agent
 * chose with their own click or keys; a page that moves the focus by script (a chat widget that
 * grabs it, a handler on the window's blur, its own mousedown), or dispatches clicks and key
 * presses of its own, cannot steer the draft into a field the agent did not choose.
 */
const window = new Window({ url: 'https://desk.example/tickets/7' });
const doc = window.document as unknown as Document;
afterAll(() => window.happyDOM.close());

let stop: () => void;
beforeEach(() => {
  doc.body.replaceChildren();
  stop = trackFocus(doc);
});
afterEach(() => {
  stop();
  forgetFocus();
});

const DRAFT = 'Your refund of 40 EUR is on its way.';
const add = <T extends HTMLElement>(html: string): T => {
  const holder = doc.createElement('div');
  holder.innerHTML = html;
  const el = holder.firstElementChild as T;
  doc.body.append(el);
  return el;
};
const fill = () => generic.tools['reply.fill']!({ body: DRAFT }, doc, doc.location);
/** An event as the browser makes it for a person (trusted), or as a page's script does (not). */
const event = (type: string, trusted: boolean) => {
  const e = new window.Event(type, { bubbles: true, composed: true });
  if (trusted) Object.defineProperty(e, 'isTrusted', { value: true });
  return e as unknown as Event;
};
const agentClicks = (el: HTMLElement) => {
  el.dispatchEvent(event('pointerdown', true));
  el.focus();
};
/** The reply box the agent works in, and the page's own chat widget beside it. */
const page = () => ({
  reply: add<HTMLTextAreaElement>('<textarea id="reply"></textarea>'),
  widget: add<HTMLTextAreaElement>('<textarea id="widget" placeholder="Chat with us"></textarea>'),
});

describe('security: insert anywhere, against a page that moves the focus', () => {
  attack('the page focuses its chat widget by script after the agent clicked in the reply box', async () => {
    const { reply, widget } = page();
    agentClicks(reply);
    widget.focus();
    expect(doc.activeElement).toBe(widget);
    expect(await fill()).toMatchObject({ ok: true });
    expect(reply.value).toBe(DRAFT);
    expect(widget.value).toBe('');
  });

  attack('the page moves the focus when the window loses it to the sidebar', async () => {
    const { reply, widget } = page();
    window.addEventListener('blur', () => widget.focus());
    agentClicks(reply);
    window.dispatchEvent(new window.Event('blur'));
    expect(doc.activeElement).toBe(widget);
    await fill();
    expect([reply.value, widget.value]).toEqual([DRAFT, '']);
  });

  attack('the page’s own mousedown on the reply box sends the focus to its widget', async () => {
    const { reply, widget } = page();
    reply.addEventListener('pointerdown', (e) => {
      e.preventDefault();
      widget.focus();
    });
    reply.dispatchEvent(event('pointerdown', true));
    expect(doc.activeElement).toBe(widget);
    await fill();
    expect([reply.value, widget.value]).toEqual([DRAFT, '']);
  });

  attack('the page dispatches a click and key presses of its own on its widget', async () => {
    const { reply, widget } = page();
    agentClicks(reply);
    for (const type of ['pointerdown', 'mousedown', 'keydown', 'keyup']) widget.dispatchEvent(event(type, false));
    widget.focus();
    await fill();
    expect([reply.value, widget.value]).toEqual([DRAFT, '']);
  });

  attack('the page focuses its widget before the agent chose any field', async () => {
    const { reply, widget } = page();
    widget.focus();
    expect(await fill()).toMatchObject({ ok: false, code: 'no_focus', error: NO_FOCUS });
    expect([reply.value, widget.value]).toEqual(['', '']);
  });

  attack('the page swaps the agent’s reply box for a lookalike of its own', async () => {
    const { reply } = page();
    agentClicks(reply);
    const lookalike = add<HTMLTextAreaElement>('<textarea id="reply"></textarea>');
    reply.replaceWith(lookalike);
    doc.querySelector<HTMLTextAreaElement>('#widget')!.remove();
    lookalike.focus();
    expect(await fill()).toMatchObject({ ok: false, code: 'no_focus', error: FIELD_GONE });
    expect(lookalike.value).toBe('');
  });

  attack('the page hides the agent’s reply box and shows its own', async () => {
    const { reply, widget } = page();
    agentClicks(reply);
    reply.hidden = true;
    widget.focus();
    expect(await fill()).toMatchObject({ ok: false, error: FIELD_GONE });
    expect([reply.value, widget.value]).toEqual(['', '']);
  });
});
