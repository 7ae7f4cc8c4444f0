import type { AdapterInfo } from './adapter';

/** The hosts of the helpdesks with domains of their own, for their adapters and the background alike. */
export const HELPDESK_HOSTS = {
  zendesk: /^[a-z0-9][a-z0-9-]*\.zendesk\.com$/,
  freshdesk: /^[a-z0-9][a-z0-9-]*\.freshdesk\.com$/,
  helpscout: /^secure\.helpscout\.net$/,
} as const;

/**
 * The background's own copy of what each adapter offers, in the order of ADAPTERS. It is
 * the background's source for tools and grades (a content script only names its adapter),
 * and it keeps the adapters' page code and libraries out of the background bundle. A test
 * checks that it equals what the adapters declare.
 */
export const ADAPTER_INFOS: readonly AdapterInfo[] = [
  { id: 'demo-helpdesk', title: 'Deskmate demo helpdesk', tools: ['ticket.read', 'tickets.search', 'reply.fill', 'reply.send', 'note.add'] },
  { id: 'osticket', title: 'osTicket', tools: ['ticket.read', 'tickets.search', 'reply.fill', 'reply.send', 'note.add'] },
  { id: 'freescout', title: 'FreeScout', tools: ['ticket.read', 'tickets.search', 'reply.fill', 'note.add', 'reply.send'] },
  { id: 'zammad', title: 'Zammad', tools: ['ticket.read', 'reply.fill', 'reply.send'] },
  { id: 'zendesk', title: 'Zendesk agent workspace', tools: ['ticket.read', 'reply.fill', 'reply.send'], hosts: HELPDESK_HOSTS.zendesk },
  { id: 'freshdesk', title: 'Freshdesk', tools: ['ticket.read', 'reply.fill', 'reply.send'], hosts: HELPDESK_HOSTS.freshdesk },
  { id: 'helpscout', title: 'Help Scout', tools: ['ticket.read', 'reply.fill', 'reply.send'], hosts: HELPDESK_HOSTS.helpscout },
  { id: 'generic', title: 'Web page', tools: ['page.read', 'selection.read', 'reply.fill'] },
];

/**
 * The recipes that ship with Deskmate (src/sites/adapters/<id>.json), by adapter id, with where each is
 * recognised (null: any site the agent enabled, by its pages). They are written from public
 * sources, not tried on a live install: the UI says so until an agent ticks "Works here".
 */
export const BUILTIN_RECIPES: readonly { id: string; title: string; where: string | null }[] = [
  { id: 'zammad', title: 'Zammad', where: null },
  { id: 'zendesk', title: 'Zendesk agent workspace', where: '*.zendesk.com/agent/tickets/…' },
  { id: 'freshdesk', title: 'Freshdesk', where: '*.freshdesk.com/a/tickets/…' },
  { id: 'helpscout', title: 'Help Scout', where: 'secure.helpscout.net/conversation/…' },
];
