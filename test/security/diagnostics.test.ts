import '../fakes/scripts'; // runs the lazy scripts and content parts this file's code reaches
import { beforeEach, describe, expect } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createServices } from '../../src/background/host';
import { log } from '../../src/background/diagnostics/logger';
import { classifySender, route, type Sender } from '../../src/background/router';
import { fakeHelpdesk } from '../fakes/fake-adapter';
import { createFakeTabs } from '../fakes/fake-tabs';
import { attack } from './attack';

const ID = 'abcdefghijklmnopabcdefghijklmnop';
const BASE = `chrome-extension://${ID}/`;
const options: Sender = { kind: 'extension', url: `${BASE}options.html` };
/** A compromised content script on a web page, as the browser describes its messages. */
const content = classifySender({ id: ID, url: 'http://localhost:9999/evil', tab: { id: 2 } as never, frameId: 0 }, ID, BASE)!;
/** A web page itself, or another extension, has no sender the router accepts. */
const webPage = classifySender({ id: 'another-extension', url: 'https://attacker.test/' }, ID, BASE);

const PLANTED = 'Could not register the content script for a site';

async function setup() {
  const { handlers } = await createServices([fakeHelpdesk], createFakeTabs().send);
  log.warn('site-access', PLANTED, new Error('Invalid url pattern'));
  const list = async () => (await route({ type: 'diagnostics.list' }, options, handlers)) as { ok: boolean; value: { message: string }[] };
  await expect.poll(async () => (await list()).value.map((e) => e.message)).toContain(PLANTED);
  return { handlers, list };
}

/** The diagnostics tell what fails and where: for the agent's own pages only, not for a page to read or wipe. */
describe('security: the diagnostics log against pages', () => {
  beforeEach(() => fakeBrowser.reset());

  attack('a content script reads the diagnostics log', async () => {
    const h = await setup();
    const answer = await route({ type: 'diagnostics.list' }, content, h.handlers);
    expect(answer).toMatchObject({ ok: false, code: 'forbidden' });
    expect(JSON.stringify(answer)).not.toContain(PLANTED);
  });

  attack('a content script clears the diagnostics log to hide its tracks', async () => {
    const h = await setup();
    expect(await route({ type: 'diagnostics.clear' }, content, h.handlers)).toMatchObject({ ok: false, code: 'forbidden' });
    // Still there, and the attempt itself is logged after it.
    const messages = (await h.list()).value.map((e) => e.message);
    expect(messages).toContain(PLANTED);
    expect(messages.at(-1)).toBe('Refused diagnostics.clear from a web page (http://localhost:9999)');
  });

  attack('a web page or another extension reads or clears the diagnostics log', async () => {
    const h = await setup();
    expect(webPage).toBeNull();
    for (const type of ['diagnostics.list', 'diagnostics.clear']) {
      expect(await route({ type }, webPage, h.handlers)).toMatchObject({ ok: false, code: 'forbidden' });
    }
    expect((await h.list()).value.map((e) => e.message)).toContain(PLANTED);
  });

  attack('a content script reads the log from storage.session directly (Firefox gives it storage.local only)', async () => {
    await setup();
    // The log is never in storage.local, the one area a Firefox content script can reach.
    expect(Object.keys(await fakeBrowser.storage.local.get(null))).not.toContain('diagnostics');
  });
});
