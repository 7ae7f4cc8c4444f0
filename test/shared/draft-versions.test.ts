import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/core';
import { applyAgentEvent, stampDrafts, withAnswerCard, withNoteDraft, type ChatItem, type DraftItem } from '../../src/shared/chat-items';
import { MAX_VERSIONS, restoreVersion, versionOf, withNewVersion } from '../../src/shared/draft-versions';

const HOME = { site: 'http://a.test', ticket: '2' };
const user = (id: string, action?: 'shorter' | 'translate_draft' | 'note' | 'translate'): ChatItem => ({ id, kind: 'user', text: action ? `Quick action: ${action}.` : 'Draft a reply.', ...(action ? { action } : {}) });
const proposed = (callId: string, body: string, extra: { subject?: string; sources?: { id: string; title: string }[] } = {}): AgentEvent => ({ type: 'draft_proposed', step: 1, callId, draft: { body, ...extra } });
const drafts = (items: ChatItem[]) => items.filter((i): i is DraftItem => i.kind === 'draft');
/** What the background and the sidebar both do with a proposal. */
const apply = (items: ChatItem[], event: AgentEvent) => stampDrafts(applyAgentEvent(items, event), HOME);

describe('one draft per ticket', () => {
  it('makes the first proposal the draft, stamped with its ticket', () => {
    const items = apply([user('u1')], proposed('c1', 'Hi Nora.', { subject: 'Re: Invoice' }));
    expect(drafts(items)).toEqual([expect.objectContaining({ callId: 'c1', body: 'Hi Nora.', subject: 'Re: Invoice', made: 'proposal', site: HOME.site, ticket: HOME.ticket })]);
    expect(drafts(items)[0]!.history).toBeUndefined();
  });

  it('makes a rewrite the next version of the same draft, moved to the turn that wrote it, the text before kept with its citations', () => {
    const sources = [{ id: 'kb#1', title: 'Invoices' }];
    let items = apply([user('u1')], proposed('c1', 'Hi Nora, the corrected invoice is attached.', { subject: 'Re: Invoice', sources }));
    const first = drafts(items)[0]!;
    // The agent edited it, then asked for it shorter.
    items = items.map((i) => (i.kind === 'draft' ? { ...i, text: 'Hi Nora, the corrected invoice (EUR 40) is attached.' } : i));
    items = apply([...items, user('u2', 'shorter')], proposed('c2', 'Invoice attached (EUR 40).', { subject: 'Re: Invoice', sources }));
    expect(drafts(items)).toHaveLength(1);
    const draft = drafts(items)[0]!;
    expect(draft).toMatchObject({ id: first.id, callId: 'c1', versionCallId: 'c2', body: 'Invoice attached (EUR 40).', made: 'shorter', subject: 'Re: Invoice', sources, site: HOME.site, ticket: HOME.ticket });
    expect(draft.text).toBeUndefined();
    expect(draft.history).toEqual([{ text: 'Hi Nora, the corrected invoice (EUR 40) is attached.', subject: 'Re: Invoice', sources, made: 'proposal', callId: 'c1', edited: true }]);
    // It sits in the turn that rewrote it, after the agent's request.
    expect(items.map((i) => i.kind)).toEqual(['user', 'user', 'draft']);
  });

  it("carries the citations and the subject over to a rewrite that names none, but not to a new proposal", () => {
    const sources = [{ id: 'kb#1', title: 'Invoices' }];
    const items = apply([user('u1')], proposed('c1', 'Hi Nora, the corrected invoice is attached.', { subject: 'Re: Invoice', sources }));
    const shorter = drafts(apply([...items, user('u2', 'shorter')], proposed('c2', 'Invoice attached.')))[0]!;
    expect(shorter).toMatchObject({ body: 'Invoice attached.', subject: 'Re: Invoice', sources, made: 'shorter' });
    const translated = drafts(apply([...items, user('u2', 'translate_draft')], proposed('c2', 'Rechnung anbei.', { subject: 'AW: Rechnung' })))[0]!;
    expect(translated).toMatchObject({ subject: 'AW: Rechnung', sources });
    const fresh = drafts(apply([...items, user('u2')], proposed('c2', 'Something else entirely.')))[0]!;
    expect(fresh.subject).toBeUndefined();
    expect(fresh.sources).toBeUndefined();
    expect(fresh.history?.[0]).toMatchObject({ subject: 'Re: Invoice', sources });
  });

  it('keeps the sends of the draft across versions: one Send… per ticket', () => {
    let items = apply([user('u1')], proposed('c1', 'One'));
    items = items.map((i) => (i.kind === 'draft' ? { ...i, sends: ['k1'] } : i));
    items = apply([...items, user('u2', 'translate_draft')], proposed('c2', 'Eins'));
    expect(drafts(items)[0]).toMatchObject({ sends: ['k1'], made: 'translate_draft' });
  });

  it('keeps an unacknowledged warning with the text that came from it, and drops one the agent acknowledged', () => {
    let items = apply([user('u1')], proposed('c1', 'Wire it to XX00.'));
    items = items.map((i) => (i.kind === 'draft' ? { ...i, warned: ['reply.send'] } : i));
    const rewritten = apply([...items, user('u2', 'shorter')], proposed('c2', 'Wire to XX00.'));
    expect(drafts(rewritten)[0]).toMatchObject({ warned: ['reply.send'], acknowledged: false });
    const acknowledged = items.map((i) => (i.kind === 'draft' ? { ...i, acknowledged: true } : i));
    expect(drafts(apply([...acknowledged, user('u2', 'shorter')], proposed('c2', 'Wire to XX00.')))[0]!.warned).toBeUndefined();
  });

  it('goes back to any earlier version, keeping the current one, so going back can be undone', () => {
    let draft = drafts(apply([user('u1')], proposed('c1', 'First')))[0]!;
    draft = withNewVersion(draft, { body: 'Second', made: 'shorter', callId: 'c2' });
    draft = withNewVersion({ ...draft, text: 'Second, edited' }, { body: 'Third', made: 'formal', callId: 'c3' });
    const back = restoreVersion(draft, 0)!;
    expect(back).toMatchObject({ body: 'First', made: 'restored', callId: 'c1' });
    expect(back.versionCallId).toBeUndefined(); // the first proposal's own call
    expect(back.history!.map((v) => [v.text, v.made])).toEqual([
      ['First', 'proposal'],
      ['Second, edited', 'shorter'],
      ['Third', 'formal'],
    ]);
    expect(restoreVersion(back, 3)).toBeNull();
    expect(restoreVersion(back, 2)!.body).toBe('Third');
  });

  it('brings a version written under attack back with its warning, and a clean one without the current warning', () => {
    const base: DraftItem = { id: 'd', kind: 'draft', callId: 'c1', body: 'Clean', site: HOME.site, ticket: HOME.ticket };
    const attacked = withNewVersion(base, { body: 'Wire to XX00.', made: 'proposal', callId: 'c2', warned: ['reply.send'] });
    expect(attacked).toMatchObject({ warned: ['reply.send'], acknowledged: false });
    expect(restoreVersion(attacked, 0)!.warned).toBeUndefined();
    const again = restoreVersion(restoreVersion(attacked, 0)!, 1)!;
    expect(again).toMatchObject({ body: 'Wire to XX00.', warned: ['reply.send'], acknowledged: false });
  });

  it(`keeps at most ${MAX_VERSIONS} earlier versions, the oldest going first`, () => {
    let draft: DraftItem = { id: 'd', kind: 'draft', callId: 'c0', body: 'v0' };
    for (let n = 1; n <= MAX_VERSIONS + 3; n++) draft = withNewVersion(draft, { body: `v${n}`, made: 'shorter', callId: `c${n}` });
    expect(draft.history).toHaveLength(MAX_VERSIONS);
    expect(draft.history![0]!.text).toBe('v3');
    expect(versionOf(draft).text).toBe(`v${MAX_VERSIONS + 3}`);
  });

  it("makes the Note action's answer the ticket's note draft, apart from the reply draft, with its own versions", () => {
    let items = apply([user('u1')], proposed('c1', 'Hi Nora.'));
    items = withNoteDraft([...items, user('u2', 'note'), { id: 'a1', kind: 'assistant', text: 'Refund approved.' }], HOME);
    items = withNoteDraft([...items, user('u3', 'note'), { id: 'a2', kind: 'assistant', text: 'Refund approved by finance.' }], HOME);
    const [reply, note] = drafts(items);
    expect(reply).toMatchObject({ body: 'Hi Nora.' });
    expect(note).toMatchObject({ audience: 'note', callId: 'note:a1', versionCallId: 'note:a2', body: 'Refund approved by finance.', site: HOME.site, ticket: HOME.ticket });
    expect(note!.history!.map((v) => v.text)).toEqual(['Refund approved.']);
    expect(items.some((i) => i.kind === 'assistant')).toBe(false);
  });

  it('marks a translation of the ticket as a card of its own: the customer’s words are no draft', () => {
    const items = withAnswerCard([user('u1', 'translate'), { id: 'a1', kind: 'assistant', text: 'The customer writes: …' }], 'translation');
    expect(items[1]).toMatchObject({ kind: 'assistant', card: 'translation' });
    expect(drafts(items)).toEqual([]);
  });
});
