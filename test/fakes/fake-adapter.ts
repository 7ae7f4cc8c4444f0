import { defineAdapter, type ReplyPayload } from '../../src/sites/adapter';

/**
 * A helpdesk adapter for glue tests. The background never runs an adapter's code (the page
 * does), so only its id and the tools it offers matter here.
 */
export const fakeHelpdesk = defineAdapter({
  id: 'fake-helpdesk',
  title: 'Fake helpdesk',
  detect: () => true,
  ticket: () => ({ key: '1', label: '#1' }),
  tools: {
    'ticket.read': async () => ({ ok: true, data: {} }),
    'reply.fill': async () => ({ ok: true }),
    'reply.send': {
      prepare: async () => ({ ok: false, code: 'tool_failed', error: 'unused' }),
      deliver: async () => ({ ok: true }),
    },
    'note.add': {
      prepare: async () => ({ ok: false, code: 'tool_failed', error: 'unused' }),
      deliver: async () => ({ ok: true }),
    },
  },
});

export const readOnlySite = defineAdapter({
  id: 'read-only-site',
  title: 'Read-only site',
  detect: () => true,
  ticket: () => null,
  tools: { 'page.read': async () => ({ ok: true, data: 'text' }) },
});

/** What a content script would prepare for a reply on `origin`. */
export const replyPayload = (origin: string, ticket: string, body: string): ReplyPayload => ({
  site: origin,
  ticket,
  recipient: 'Ada Lovelace <ada@example.com>',
  subject: 'Re: Refund',
  body,
});
