import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createServices } from '../../../src/background/host';
import type { Sender } from '../../../src/background/router';
import type { DraftItem } from '../../../src/shared/chat-items';
import { fakeHelpdesk } from '../../fakes/fake-adapter';
import { createFakeTabs } from '../../fakes/fake-tabs';
import { draftsOf, PROPOSE, proposingModel } from '../../fakes/draft-model';

const A = 'http://127.0.0.1:4517';
const sidebar: Sender = { kind: 'extension', url: 'chrome-extension://x/sidepanel.html' };

async function setup(tabs = createFakeTabs()) {
  const model = proposingModel();
  const built = await createServices([fakeHelpdesk], tabs.send, () => model);
  tabs.tabs.set(1, { origin: A, ticket: '#2' });
  await built.handlers['page.announce']({ type: 'page.announce', adapterId: 'fake-helpdesk', url: `${A}/tickets/2`, ticket: { key: '2', label: '#2' } }, tabs.senderOf(1));
  const chats = draftsOf(built.chat);
  const items = async () => (await chats.snapshot(1)).items;
  const all = async () => (await items()).filter((i): i is DraftItem => i.kind === 'draft');
  return { ...built, tabs, model, chats, items, all };
}

describe('the ticket’s one draft, kept by the background', () => {
  beforeEach(() => fakeBrowser.reset());

  it('a rewrite (here, a second proposal in a Shorter turn) leaves one draft, with the agent’s text as its earlier version', async () => {
    const h = await setup();
    const first = await h.chats.draft(1, 'Hi Nora, the corrected invoice is attached.');
    const key = (await h.chats.snapshot(1)).key;
    await h.chats.say({ type: 'typed.save', seq: 1, field: { kind: 'draft', tabId: 1, key, callId: first.callId }, text: 'Hi Nora, the corrected invoice (EUR 40) is attached.' });
    // The rewrite turn: the agent's action, the model's proposal.
    await h.chats.say({ type: 'chat.action', tabId: 1, action: 'shorter', draft: `${PROPOSE}Invoice attached (EUR 40).` });
    const drafts = await h.all();
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({ callId: first.callId, body: 'Invoice attached (EUR 40).', made: 'shorter' });
    expect(drafts[0]!.history).toEqual([expect.objectContaining({ text: 'Hi Nora, the corrected invoice (EUR 40) is attached.', made: 'proposal', edited: true })]);
    // Send… of the one draft sends the new version.
    const sent = await h.handlers['tool.invoke']({ type: 'tool.invoke', tabId: 1, tool: 'reply.send', input: { body: 'Invoice attached (EUR 40).' }, draft: first.callId }, sidebar);
    expect(sent).toMatchObject({ ok: true, confirmPayload: { body: 'Invoice attached (EUR 40).' } });
  });

  it('goes back to an earlier version on the agent’s word, for every sidebar of the conversation, and across a restarted worker', async () => {
    const tabs = createFakeTabs();
    const h = await setup(tabs);
    const first = await h.chats.draft(1, 'First');
    await h.chats.draft(1, 'Second');
    const key = (await h.chats.snapshot(1)).key;
    await h.chats.say({ type: 'chat.restore', tabId: 1, key, callId: first.callId, version: 0 });
    expect((await h.all())[0]).toMatchObject({ body: 'First', made: 'restored' });
    const restarted = await setup(tabs);
    const kept = (await restarted.all())[0]!;
    expect(kept.body).toBe('First');
    expect(kept.history!.map((v) => v.text)).toEqual(['First', 'Second']);
    // A restore for another tab's conversation changes nothing.
    await restarted.chats.say({ type: 'chat.restore', tabId: 2, key, callId: first.callId, version: 1 });
    expect((await restarted.all())[0]!.body).toBe('First');
  });

  it('"Use as draft" of an answer makes the next version; of a translation of the ticket, nothing', async () => {
    const h = await setup();
    await h.chats.draft(1, 'Hi Nora.');
    await h.chats.say({ type: 'chat.send', tabId: 1, text: 'Any other idea?' });
    const answer = (await h.items()).findLast((i) => i.kind === 'assistant')!;
    await h.chats.say({ type: 'chat.draft', tabId: 1, itemId: answer.id, text: 'Done.' });
    const drafts = await h.all();
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({ body: 'Done.', made: 'answer', versionCallId: `answer:${answer.id}` });
    await h.chats.say({ type: 'chat.action', tabId: 1, action: 'translate' });
    const translation = (await h.items()).findLast((i) => i.kind === 'assistant')!;
    expect(translation).toMatchObject({ card: 'translation' });
    await h.chats.say({ type: 'chat.draft', tabId: 1, itemId: translation.id, text: 'Done.' });
    expect((await h.all())[0]!.history).toHaveLength(1);
  });

  it('makes the Note action’s answer an internal-note draft that the agent edits, and that sends as a note with the edit', async () => {
    const h = await setup();
    h.model.note = 'Refund approved.';
    const note = await h.chats.note(1);
    const key = (await h.chats.snapshot(1)).key;
    await h.chats.say({ type: 'typed.save', seq: 1, field: { kind: 'draft', tabId: 1, key, callId: note.callId }, text: 'Refund approved by finance.' });
    expect(await h.chats.draftIn(1, true)).toMatchObject({ audience: 'note', text: 'Refund approved by finance.' });
    const r = await h.handlers['tool.invoke']({ type: 'tool.invoke', tabId: 1, tool: 'note.add', input: { body: 'Refund approved by finance.' }, draft: note.callId }, sidebar);
    expect(r).toMatchObject({ ok: true, confirmPayload: { recipient: '', body: 'Refund approved by finance.' } });
  });
});
