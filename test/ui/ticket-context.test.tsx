// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { useTicketContext } from '../../src/ui/hooks/useInstructions';
import { freshRoot, dropRoot } from './root';

let root: HTMLElement;
let box: ReturnType<typeof useTicketContext>;
function Probe({ ticketKey }: { ticketKey: string }) {
  box = useTicketContext(1, 'https://desk.example', ticketKey);
  return null;
}
const show = (ticketKey: string) => act(() => render(<Probe ticketKey={ticketKey} />, root));
const settle = (ms = 20) => act(() => new Promise((r) => setTimeout(r, ms)));

/** The background's answers to ticketContext.get, one per request, released by hand. */
let answers: ((text: string) => void)[];

beforeEach(() => {
  fakeBrowser.reset();
  answers = [];
  fakeBrowser.runtime.onMessage.addListener((message: unknown) => {
    if ((message as { type?: string }).type !== 'ticketContext.get') return undefined;
    return new Promise((resolve) => answers.push((text) => resolve({ ok: true, value: { available: true, text } })));
  });
  root = freshRoot();
});
afterEach(() => {
  dropRoot(root);
});

describe('useTicketContext', () => {
  it('shows the context of the ticket the tab shows now, even when the answer for the one before comes last', async () => {
    await show('7');
    await show('8');
    await settle();
    expect(answers).toHaveLength(2);
    answers[1]!('Ticket 8: a Plus customer.');
    await settle();
    answers[0]!('Ticket 7: refund already promised.');
    await settle();
    expect(box.text).toBe('Ticket 8: a Plus customer.');
    expect(box.available).toBe(true);
  });

  it('loads the context of the ticket it shows', async () => {
    await show('7');
    await settle();
    answers[0]!('Ticket 7: refund already promised.');
    await settle();
    expect(box.text).toBe('Ticket 7: refund already promised.');
  });
});
