import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createTeachSessions, type TeachSession } from '../../../src/background/teach/teach-sessions';

const session = (tabId: number, site = 'https://desk.example'): TeachSession => ({ tabId, site, step: 'message', choices: {}, ticketUrl: null, editorUrl: null, open: null });

/** Holds storage.session reads until `release` is called, as a busy browser would. */
function slowReads() {
  const area = fakeBrowser.storage.session as unknown as { get: (k: unknown) => Promise<Record<string, unknown>> };
  const real = area.get.bind(area);
  const held: (() => void)[] = [];
  area.get = (k) => real(k).then((v) => new Promise((done) => held.push(() => done(v))));
  return { release: () => held.splice(0).forEach((go) => go()), restore: () => void (area.get = real) };
}

describe('teach sessions kept in memory', () => {
  beforeEach(() => fakeBrowser.reset());

  it('gives back what was set, and nothing once dropped', async () => {
    const sessions = createTeachSessions();
    expect(await sessions.get(1)).toBeNull();
    await sessions.set(session(1));
    expect(await sessions.get(1)).toEqual(session(1));
    await sessions.drop(1);
    expect(await sessions.get(1)).toBeNull();
  });

  it('a restarted worker finds the sessions in storage', async () => {
    await createTeachSessions().set(session(3));
    expect(await createTeachSessions().get(3)).toEqual(session(3));
    expect(await createTeachSessions().get(4)).toBeNull();
  });

  it('a caller changing what it got changes nothing until it sets it', async () => {
    const sessions = createTeachSessions();
    const mine = session(1);
    await sessions.set(mine);
    mine.site = 'https://evil.example';
    const got = (await sessions.get(1))!;
    got.step = 'send';
    expect(await sessions.get(1)).toEqual(session(1));
  });

  it('a session dropped while it was being read does not come back', async () => {
    const sessions = createTeachSessions();
    await createTeachSessions().set(session(1));
    const slow = slowReads();
    try {
      const reading = sessions.get(1);
      await Promise.resolve();
      await sessions.drop(1);
      slow.release();
      await new Promise((r) => setTimeout(r, 0));
      slow.release();
      expect(await reading).toBeNull();
      slow.restore();
      expect(await sessions.get(1)).toBeNull();
    } finally {
      slow.restore();
    }
  });
});
