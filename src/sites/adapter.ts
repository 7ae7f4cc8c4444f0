import type { ToolResult } from '../core';
import type { DeliveryReport, PageTicket, ReplyPayload, SendToolName, TicketMessage } from '../shared/ticket';
import type { PageToolName } from '../shared/page-tools';

export type { DeliveryReport, PageTicket, ReplyPayload, SendToolName, TicketData, TicketMessage } from '../shared/ticket';

export interface SendImpl<I> {
  /** Builds the payload from the page and the input; sends nothing. */
  prepare(input: I, doc: Document, location: Location): Promise<ToolResult<ReplyPayload>>;
  /** Posts through the page's own editor and button; ok only once the reply is in the thread. */
  deliver(payload: ReplyPayload, doc: Document, location: Location): Promise<ToolResult>;
}

type Impl = (input: any, doc: Document, location: Location) => Promise<ToolResult>;

export interface AdapterImpls {
  'ticket.read'?: Impl;
  'tickets.search'?: Impl;
  'reply.fill'?: Impl;
  'note.add'?: SendImpl<{ body: string }>;
  'reply.send'?: SendImpl<{ body: string }>;
  'page.read'?: Impl;
  'selection.read'?: Impl;
}

export interface Adapter {
  /** The file name in src/sites, and the id the content script announces. */
  id: string;
  /** The helpdesk's name, for people. */
  title: string;
  /** The only hosts it serves, for a helpdesk on domains of its own; the background holds announces to them. */
  hosts?: RegExp;
  /** True when this page is one this adapter serves (URL path and DOM; any host). */
  detect(url: URL, doc: Document): boolean;
  /** The ticket shown, or null when the page shows none. */
  ticket(url: URL, doc: Document): PageTicket | null;
  tools: AdapterImpls;
  /**
   * For helpdesks whose send ends in a page load: called once by the content script of the
   * next page in the tab, it reports a delivery the previous page started, or null.
   */
  afterLoad?(doc: Document, location: Location): Promise<DeliveryReport | null>;
  /**
   * Whether a thread message read in this role is what `tool` posts, for the delivery checks.
   * Without it: a reply is the agent's, a note internal. A recipe that describes no roles reads
   * every message as the customer's, so there a reply is any message but a note.
   */
  sentAs?(tool: SendToolName, role: TicketMessage['role']): boolean;
}

export const defineAdapter = (adapter: Adapter): Adapter => adapter;

/**
 * What every page load needs of an adapter (src/sites/pages.ts): which pages it serves and the
 * ticket each shows. Its tools come with the content script's tools part, loaded when first used.
 */
export type AdapterPage = Pick<Adapter, 'id' | 'detect' | 'ticket'>;

/** The page tools an adapter implements, in catalogue order. */
export const adapterToolNames = (adapter: Adapter): PageToolName[] =>
  (Object.keys(adapter.tools) as PageToolName[]).filter((n) => adapter.tools[n] !== undefined);

/**
 * What the background knows of an adapter: its id, its name and the catalogue tools it
 * offers. No page code, so the background bundle carries none of it.
 */
export interface AdapterInfo {
  id: string;
  title: string;
  tools: readonly PageToolName[];
  /** The only hosts (hostname, no port) the adapter serves, for a helpdesk with domains of its own. */
  hosts?: RegExp;
}

export const adapterInfo = (adapter: Adapter): AdapterInfo => ({
  id: adapter.id,
  title: adapter.title,
  tools: adapterToolNames(adapter),
  ...(adapter.hosts ? { hosts: adapter.hosts } : {}),
});
