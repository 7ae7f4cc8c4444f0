import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adapterFromRecipe } from '../../../src/sites/recipes/recipe';
import { closeDesks, DESK, deskPage, deskRecipe, msg, notePayload, openDesk, replyPayload, type DeskTab } from './send-desk';

/**
 * A helpdesk may post by loading another page: the content script dies with the old one, and
 * Confirm says "outcome unknown". The page loaded next in the tab settles it: "sent" only when
 * that page shows the ticket with one more copy of the text, of the kind promised (a reply as
 * the agent's, a note as internal); a post of the wrong kind, or none, is "not found" in words
 * the agent can act on. A post the page showed at once leaves nothing for the next page.
 */
afterEach(closeDesks);

const BODY = 'It is fixed now.';
const desk = () => adapterFromRecipe(deskRecipe());

/** Adds a message to the thread, as the page loaded after the post shows it. */
const shows = (tab: DeskTab, role: string, text: string) => tab.doc.querySelector('.thread')!.insertAdjacentHTML('beforeend', msg(role, text));

describe('a post whose page went away', () => {
  // The post waits 15 s for the thread, and the next page up to 5 s: the clock is the test's.
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  /** Confirm on a page whose click posts nothing here (the page goes away with the post). */
  async function leftThePage(tool: 'reply.send' | 'note.add', thread?: string) {
    const tab = openDesk(deskPage({ thread }), undefined, { reply: null, note: null });
    const payload = tool === 'note.add' ? notePayload(BODY) : replyPayload(BODY);
    const delivered = desk().tools[tool]!.deliver(payload, tab.doc, tab.location);
    await vi.advanceTimersByTimeAsync(16_000);
    return { tab, payload, result: await delivered };
  }

  const afterLoad = async (tab: DeskTab) => {
    const report = desk().afterLoad!(tab.doc, tab.location);
    await vi.advanceTimersByTimeAsync(5_100);
    return report;
  };

  it('a reply: unknown at first, then sent once the next page shows it as the agent’s', async () => {
    const { tab, payload, result } = await leftThePage('reply.send');
    expect(tab.clicks).toEqual([BODY]);
    expect(result).toEqual({
      ok: false, code: 'outcome_unknown',
      error: 'The reply did not appear in the thread within 15 s. It may or may not have been sent: check ticket #3 before trying again.',
    });
    shows(tab, 'agent', BODY);
    expect(await afterLoad(tab)).toEqual({ tool: 'reply.send', payload, outcome: 'sent', detail: 'The text is in the thread of the page loaded after posting.' });
    // Settled once: a later page of the tab reports nothing.
    expect(await afterLoad(tab)).toBeNull();
  });

  it('a note the next page shows as a reply the customer sees: posted, but not as promised', async () => {
    const { tab, payload, result } = await leftThePage('note.add');
    expect(result).toMatchObject({ ok: false, code: 'outcome_unknown', error: expect.stringContaining('The note did not appear in the thread within 15 s.') });
    shows(tab, 'agent', BODY);
    expect(await afterLoad(tab)).toEqual({
      tool: 'note.add', payload, outcome: 'not_found',
      detail: "The note was posted, but the thread shows it as a reply the customer can see, not as an internal note. This site's recipe posts to the wrong place: check ticket #3 now, and fix or delete the recipe before sending again.",
    });
  });

  it('a reply the next page shows as an internal note: the customer never got it', async () => {
    const { tab, payload } = await leftThePage('reply.send');
    shows(tab, 'internal', BODY);
    expect(await afterLoad(tab)).toMatchObject({
      tool: 'reply.send', payload, outcome: 'not_found',
      detail: expect.stringMatching(/^The reply was posted, but the thread shows it as an internal note the customer does not see, not as a reply to the customer\./),
    });
  });

  it('a reply whose text the thread held already: the same one copy is not the reply arriving', async () => {
    const { tab, payload } = await leftThePage('reply.send', msg('customer', 'It stopped.') + msg('agent', BODY));
    expect(await afterLoad(tab)).toEqual({ tool: 'reply.send', payload, outcome: 'not_found', detail: 'The page loaded after posting does not show the text.' });
  });

  it('a reply, and the page loaded next shows no ticket (the queue)', async () => {
    const { tab, payload } = await leftThePage('reply.send');
    tab.window.happyDOM.setURL(`${DESK}/inbox`);
    tab.doc.body.innerHTML = '<h1>Inbox</h1>';
    expect(await afterLoad(tab)).toEqual({ tool: 'reply.send', payload, outcome: 'not_found', detail: 'The page loaded after posting does not show the text.' });
  });

  it('a reply the next page draws into its thread a moment after it loads', async () => {
    const { tab, payload } = await leftThePage('reply.send');
    const report = desk().afterLoad!(tab.doc, tab.location);
    await vi.advanceTimersByTimeAsync(300);
    shows(tab, 'agent', BODY);
    await vi.advanceTimersByTimeAsync(300);
    expect(await report).toMatchObject({ tool: 'reply.send', payload, outcome: 'sent' });
  });
});

describe('a post the page showed at once', () => {
  it('leaves nothing for the next page to settle; a page with nothing pending reports nothing', async () => {
    const tab = openDesk(deskPage());
    expect(await desk().afterLoad!(tab.doc, tab.location)).toBeNull();
    expect(await desk().tools['reply.send']!.deliver(replyPayload(BODY), tab.doc, tab.location)).toEqual({ ok: true, data: { posted: true } });
    expect(await desk().afterLoad!(tab.doc, tab.location)).toBeNull();
  });
});
