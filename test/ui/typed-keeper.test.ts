import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TypedField, TypedSave } from '../../src/shared/typed';
import { createTypedKeeper, type TypedKeeper } from '../../src/ui/typed-keeper';

const DRAFT: TypedField = { kind: 'draft', tabId: 1, key: 'chat:1:http://a.test 7', callId: 'c1' };
const CONTEXT: TypedField = { kind: 'ticketContext', site: 'http://a.test', ticketKey: '7' };

/** The page's port as the keeper sees it: every message in the order sent, saves and actions alike. */
let port: (TypedSave | { type: 'action' })[];
let keeper: TypedKeeper;
const saves = () => port.filter((m): m is TypedSave => m.type === 'typed.save');
const answer = (save: TypedSave, ok = true, error?: string) => keeper.answered({ type: 'typed.saved', seq: save.seq, ok, ...(error ? { error } : {}) });
/** What an action does: flush, then its own message on the same port. */
const act = () => {
  const flushed = keeper.flush();
  port.push({ type: 'action' });
  return flushed;
};

beforeEach(() => {
  vi.useFakeTimers();
  port = [];
  keeper = createTypedKeeper();
  keeper.connect({ send: (m) => void port.push(m) });
});
afterEach(() => vi.useRealTimers());

describe('the keeper of typed text: flush before act', () => {
  it('drops a field whose text moved on: what is typed there after is never sent, and a flush does not wait for it', async () => {
    const early: TypedField = { kind: 'tabQuestion', tabId: 1 };
    const known: TypedField = { kind: 'question', key: 'chat:1:http://a.test 7' };
    keeper.type(early, 'Is it');
    keeper.type(early, 'Is it cov');
    keeper.drop(early);
    keeper.type(known, 'Is it covered?');
    answer(saves()[0]!);
    expect(saves().map((m) => [m.field, m.text])).toEqual([
      [early, 'Is it'],
      [known, 'Is it covered?'],
    ]);
    answer(saves()[1]!);
    await expect(keeper.flush()).resolves.toBe(true);
    expect(keeper.state(early)).toBe('idle');
  });

  it('hands typed text to the background at once, with no pause waited for: the page may be gone a moment later', () => {
    keeper.type(DRAFT, 'H');
    expect(port).toEqual([{ type: 'typed.save', seq: 1, field: DRAFT, text: 'H' }]);
    expect(keeper.state(DRAFT)).toBe('saving');
    // No timer sends anything later.
    vi.advanceTimersByTime(60_000);
    expect(port).toHaveLength(1);
  });

  it('while a save of a field is on its way, holds later typing and sends only the newest once it is answered', () => {
    keeper.type(DRAFT, 'H');
    keeper.type(DRAFT, 'Hel');
    keeper.type(DRAFT, 'Hello');
    // Another field is not held by this one.
    keeper.type(CONTEXT, 'Premium plan.');
    expect(saves().map((m) => m.text)).toEqual(['H', 'Premium plan.']);
    answer(saves()[0]!);
    expect(saves().map((m) => m.text)).toEqual(['H', 'Premium plan.', 'Hello']);
    answer(saves()[2]!);
    expect(saves()).toHaveLength(3);
    expect(keeper.state(DRAFT)).toBe('saved');
  });

  it('a field dropped and typed into again is not answered by the save of before: its own typing still goes at once', () => {
    const early: TypedField = { kind: 'tabQuestion', tabId: 1 };
    keeper.type(early, 'Old text');
    keeper.drop(early);
    keeper.type(early, 'New');
    const [old, mine] = saves();
    answer(old!);
    expect(keeper.state(early)).toBe('saving');
    answer(mine!);
    expect(keeper.state(early)).toBe('saved');
    keeper.type(early, 'Newer');
    expect(saves().map((m) => m.text)).toEqual(['Old text', 'New', 'Newer']);
  });

  it('after a refused save, sends nothing until the agent types again, then the new text', () => {
    const TEAM: TypedField = { kind: 'teamInstructions' };
    keeper.type(TEAM, 'Too long');
    answer(saves()[0]!, false, 'At most 10 characters.');
    expect(saves()).toHaveLength(1);
    expect(keeper.state(TEAM)).toBe('error');
    keeper.type(TEAM, 'Short');
    expect(saves().map((m) => m.text)).toEqual(['Too long', 'Short']);
    expect(keeper.state(TEAM)).toBe('saving');
  });

  it('sends typing held behind a refused save once that answer comes: the newer text may be fine', () => {
    const TEAM: TypedField = { kind: 'teamInstructions' };
    keeper.type(TEAM, 'Too long');
    keeper.type(TEAM, 'Short');
    answer(saves()[0]!, false, 'At most 10 characters.');
    expect(saves().map((m) => m.text)).toEqual(['Too long', 'Short']);
    expect(keeper.error(TEAM)).toBeNull();
  });

  it('sends everything typed before an action ahead of it, with no pause waited for', () => {
    keeper.type(CONTEXT, 'Premium plan.');
    keeper.type(DRAFT, 'Hello');
    void act();
    expect(port.map((m) => (m.type === 'typed.save' ? m.text : m.type))).toEqual(['Premium plan.', 'Hello', 'action']);
    // Nothing is sent twice: each answer finds nothing newer.
    for (const save of saves()) answer(save);
    expect(saves()).toHaveLength(2);
  });

  it('resolves a flush only once the background answered every save sent before it', async () => {
    keeper.type(CONTEXT, 'Premium plan.');
    let done = false;
    const flushed = keeper.flush().then((ok) => (done = ok));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(false);
    answer(saves()[0]!);
    await flushed;
    expect(done).toBe(true);
    expect(keeper.state(CONTEXT)).toBe('saved');
    expect(keeper.pending(CONTEXT)).toBeUndefined();
  });

  it('also waits for a save that was already on its way when the flush began', async () => {
    keeper.type(DRAFT, 'Hello');
    let done = false;
    const flushed = keeper.flush().then(() => (done = true));
    expect(saves()).toHaveLength(1); // nothing new to send
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(false);
    answer(saves()[0]!);
    await flushed;
    expect(done).toBe(true);
  });

  it('does not hold an action for text typed while the flush is on its way', async () => {
    keeper.type(DRAFT, 'Hello');
    const flushed = keeper.flush();
    keeper.type(DRAFT, 'Hello again');
    answer(saves()[0]!);
    await expect(flushed).resolves.toBe(true);
    expect(keeper.pending(DRAFT)).toBe('Hello again');
  });

  it('sends a save again when the port was lost (a stopped worker) before its answer', async () => {
    keeper.type(DRAFT, 'Hello');
    const flushed = keeper.flush();
    keeper.lost();
    expect(saves().map((s) => [s.seq, s.text])).toEqual([
      [1, 'Hello'],
      [2, 'Hello'],
    ]);
    answer(saves()[1]!);
    await expect(flushed).resolves.toBe(true);
    expect(keeper.state(DRAFT)).toBe('saved');
  });

  it('keeps and shows refused text, says why, and reports the flush as failed', async () => {
    keeper.type({ kind: 'teamInstructions' }, 'Ignore the policy.');
    const flushed = keeper.flush();
    answer(saves()[0]!, false, 'Set by your organisation.');
    await expect(flushed).resolves.toBe(false);
    expect(keeper.shown({ kind: 'teamInstructions' }, 'Sign as Northwind.')).toBe('Ignore the policy.');
    expect(keeper.state({ kind: 'teamInstructions' })).toBe('error');
    expect(keeper.error({ kind: 'teamInstructions' })).toBe('Set by your organisation.');
  });

  it('queues what is typed before the page has a port, and sends it once connected', () => {
    const early = createTypedKeeper();
    const sent: TypedSave[] = [];
    early.type(CONTEXT, 'Premium plan.');
    early.connect({ send: (m) => void sent.push(m) });
    expect(sent.map((s) => s.text)).toEqual(['Premium plan.']);
  });
});

describe('the keeper of typed text: the newer text wins', () => {
  it('shows the typed text over an older copy from the background (a card made again, a load)', () => {
    keeper.type(DRAFT, 'Agent text');
    expect(keeper.shown(DRAFT, 'Model text')).toBe('Agent text');
    expect(keeper.shown(CONTEXT, 'Loaded context')).toBe('Loaded context');
  });

  it('keeps the typed text when the background speaks before it answered the save', () => {
    keeper.type(DRAFT, 'Agent text');
    void keeper.flush();
    keeper.heard(DRAFT); // a snapshot sent before the save was applied
    expect(keeper.shown(DRAFT, 'Model text')).toBe('Agent text');
    answer(saves()[0]!);
    // Answered: the background has it, but the snapshot already on screen is older still.
    expect(keeper.shown(DRAFT, 'Model text')).toBe('Agent text');
  });

  it('takes the background’s text once it speaks after the answer: it is newer (a rewrite in place)', () => {
    keeper.type(DRAFT, 'Agent text');
    void keeper.flush();
    answer(saves()[0]!);
    keeper.heard(DRAFT);
    expect(keeper.shown(DRAFT, 'Rewritten')).toBe('Rewritten');
    expect(keeper.state(DRAFT)).toBe('idle');
  });

  it('keeps text typed after the save that was answered', () => {
    keeper.type(DRAFT, 'Agent text');
    void keeper.flush();
    keeper.type(DRAFT, 'Agent text, more');
    answer(saves()[0]!);
    keeper.heard(DRAFT);
    expect(keeper.shown(DRAFT, 'Agent text')).toBe('Agent text, more');
    expect(keeper.pending(DRAFT)).toBe('Agent text, more');
  });

  it('tells a field’s listeners when its text or state changes, and only that field’s', () => {
    const seen: string[] = [];
    const off = keeper.subscribe(DRAFT, () => seen.push(keeper.state(DRAFT)));
    keeper.subscribe(CONTEXT, () => seen.push('context'));
    keeper.type(DRAFT, 'Agent text');
    void keeper.flush();
    answer(saves()[0]!);
    off();
    keeper.type(DRAFT, 'Again');
    expect(seen).toEqual(['saving', 'saved']);
  });
});
