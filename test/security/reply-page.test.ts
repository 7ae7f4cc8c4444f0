import { beforeEach, describe, expect, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { browser } from 'wxt/browser';
import { createPageToolProxy, type PageCtx } from '../../src/background/pages/page-tool-proxy';
import type { TabPage, TabPages } from '../../src/background/pages/tab-pages';
import { PAGE_TOOLS } from '../../src/shared/page-tools';
import { replyPayload } from '../fakes/fake-adapter';
import { attackEach } from './attack';

/**
 * A reply page the helpdesk will not show in a frame: the page's prepare names it (`from`), and
 * the background opens it in the agent's tab at Send…. A compromised content script (or a hostile
 * recipe) chooses `from`: it must not make Send… open another site in the agent's tab (a phishing
 * page dressed as the helpdesk, or a page that receives the ticket's address), only a path of the
 * tab's own site.
 */
const SITE = 'http://desk.attack.test';
const TAB = 7;
const page: TabPage = { tabId: TAB, adapterId: `recipe:${SITE}`, origin: SITE, url: `${SITE}/noframe/tickets/5`, ticket: { key: '5', label: '#5' } };
const pages: TabPages = { get: (id) => (id === TAB ? page : undefined), all: () => [page], set: async () => undefined, drop: async () => false, loading: () => false, loaded: () => false };
const ctx: PageCtx = { scope: SITE, tabId: TAB, autonomous: false, ticketKey: '5' };
const BODY = 'Hi Ines, a new lamp ships today.';

beforeEach(() => {
  fakeBrowser.reset();
});

const HOSTILE_FROM = [
  '//evil.attack.test/noframe/tickets/5/reply',
  '/\\evil.attack.test/noframe/tickets/5/reply',
  '/\\/evil.attack.test/x',
  'https://evil.attack.test/noframe/tickets/5/reply',
  'http://desk.attack.test.evil.attack.test/reply',
  'javascript:alert(document.domain)',
  'noframe/tickets/5/reply',
  `/${'a'.repeat(3000)}`,
];

describe('Send… opens only a reply page of the tab\'s own site (attacker side)', () => {
  attackEach(
    HOSTILE_FROM,
    (from) => `a prepared reply whose reply page is ${JSON.stringify(from.length > 80 ? `${from.slice(0, 20)}… (${from.length} characters)` : from)} is refused and the tab goes nowhere`,
    async (from) => {
      const update = vi.spyOn(browser.tabs, 'update');
      const send = async () => ({ ok: true, requiresConfirm: true, confirmPayload: { ...replyPayload(SITE, '#5', BODY), from } });
      const tool = createPageToolProxy(PAGE_TOOLS['reply.send'], [SITE], pages, () => true, send);
      const result = await tool.run({ body: BODY }, new AbortController().signal, ctx);
      expect(result).toMatchObject({ ok: false, code: 'tool_failed', error: expect.stringMatching(/invalid reply page/) });
      expect(update).not.toHaveBeenCalled();
    },
  );
});
