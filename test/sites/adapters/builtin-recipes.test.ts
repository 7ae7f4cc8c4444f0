import { describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../../src/sites';
import type { Adapter, TicketData } from '../../../src/sites/adapter';
import { checkRecipe } from '../../../src/shared/recipe-check';
import freshdesk from '../../../src/sites/adapters/freshdesk';
import helpscout from '../../../src/sites/adapters/helpscout';
import zammad from '../../../src/sites/adapters/zammad';
import zendesk from '../../../src/sites/adapters/zendesk';
import { loadFixture } from '../load-fixture';

/**
 * The built-in recipes on pages of our own making in each helpdesk's shape
 * (test/e2e/harness/builtin-pages.ts, saved to test/fixtures/sites/<id>/): each reads the
 * ticket the URL names, roles and all, and only on its helpdesk's hosts.
 */
const ines = (extra: Partial<TicketData> = {}) => ({
  subject: 'Parcel arrived damaged',
  requester: { name: 'Ines Duarte', email: 'ines@example.org' },
  messages: [
    { author: 'Ines Duarte', role: 'customer', body: 'The box was crushed and the lamp inside is broken.\nCan you send a new one?' },
    { author: 'Sam Lee', role: 'internal', body: 'Courier claim opened.' },
    { author: 'Sam Lee', role: 'agent', body: 'Sorry to hear that, Ines. Could you send a photo of the box?' },
  ],
  ...extra,
});

const cases: [Adapter, string, string, string][] = [
  [zammad, 'zammad', 'http://desk.example.org/#ticket/zoom/5', '#31005'],
  [zendesk, 'zendesk', 'https://acme.zendesk.com/agent/tickets/5', '#5'],
  [freshdesk, 'freshdesk', 'https://acme.freshdesk.com/a/tickets/5', '#5'],
  [helpscout, 'helpscout', 'https://secure.helpscout.net/conversation/5/31005', '#31005'],
];

describe.each(cases)('the built-in %s recipe', (adapter, id, url, label) => {
  it('is a valid recipe that yields reading, insert and send', () => {
    const recipe = (adapter as unknown as { id: string }).id;
    expect(recipe).toBe(id);
    expect(Object.keys(adapter.tools).sort()).toEqual(['reply.fill', 'reply.send', 'ticket.read']);
  });

  it('reads the ticket the URL names: subject, requester, thread in order with roles', async () => {
    const { window, document, location } = loadFixture(id, 'ticket.html', url);
    try {
      const result = await adapter.tools['ticket.read']!({}, document, location);
      expect(result.ok).toBe(true);
      const t = (result as { data: TicketData }).data;
      expect({ ...t, messages: t.messages.map(({ author, role, body }) => ({ author, role, body })) }).toMatchObject({ number: label, ...ines() });
      expect(t.messages.map((m) => m.time)).toEqual(['2026-11-30T09:12:00Z', '2026-11-30T09:20:00Z', '2026-11-30T09:25:00Z']);
    } finally {
      await window.happyDOM.close();
    }
  });

  it('serves no other host, and a page without the ticket is no ticket page', async () => {
    const elsewhere = id === 'zammad' ? 'http://desk.example.org/#ticket/view/all' : url.replace(/^https:\/\/[^/]+/, 'https://example.com');
    const { window, document, url: u } = loadFixture(id, 'ticket.html', elsewhere);
    try {
      expect(adapter.detect(u, document)).toBe(false);
      expect(ADAPTERS.find((a) => a.detect(u, document))?.id).toBe('generic');
    } finally {
      await window.happyDOM.close();
    }
  });
});

describe('the built-in recipes as files', () => {
  it('pass the recipe schema and say where their selectors come from', async () => {
    for (const id of ['zammad', 'zendesk', 'freshdesk', 'helpscout']) {
      const recipe = (await import(`../../../src/sites/adapters/${id}.json`)).default as Record<string, unknown>;
      expect([id, checkRecipe(recipe).ok]).toEqual([id, true]);
      expect(recipe.comment).toMatch(/not yet confirmed on a live install/);
    }
  });
});

describe('Zendesk keeps every open ticket in the page', () => {
  it('reads, fills and finds the reply box of the ticket in the URL only', async () => {
    const { window, document, location } = loadFixture('zendesk', 'ticket.html', 'https://acme.zendesk.com/agent/tickets/4');
    try {
      const result = await zendesk.tools['ticket.read']!({}, document, location);
      const t = (result as { data: TicketData }).data;
      expect(t.subject).toBe('Invoice address');
      expect(t.messages.map((m) => m.author)).toEqual(['Tomas Berg']);
      const filled = await zendesk.tools['reply.fill']!({ body: 'Done.' }, document, location);
      expect(filled.ok).toBe(true);
      const boxes = [...document.querySelectorAll('[data-test-id="omnicomposer-rich-text-ckeditor"]')].map((b) => b.textContent?.trim());
      expect(boxes).toEqual(['Done.', '']);
    } finally {
      await window.happyDOM.close();
    }
  });
});

describe('{key} in a recipe selector', () => {
  it('takes only a plain key: one that could leave the quoted selector binds nothing', async () => {
    const { withKey } = await import('../../../src/shared/recipe-check');
    const recipe = (await import('../../../src/sites/adapters/zendesk.json')).default as Parameters<typeof withKey>[0];
    expect(withKey(recipe, '5')?.read.messages).toContain('[data-ticket-id="5"]');
    expect(withKey(recipe, '5"] , body [x="')).toBeNull();
  });
});
