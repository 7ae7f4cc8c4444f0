/**
 * What a helpdesk page is about, in the form every runtime shares: the content script reads it,
 * the background digests and checks it, the sidebar shows it.
 */

/** What `ticket.read` returns, whatever the helpdesk. */
export interface TicketData {
  /** The ticket's number as people see it ("#1042"), or its id. */
  number: string;
  subject: string;
  status: string | null;
  requester: { name: string | null; email: string | null };
  messages: TicketMessage[];
}

export interface TicketMessage {
  author: string;
  role: 'customer' | 'agent' | 'internal' | 'system';
  /** ISO 8601 where the page gives a time, else the page's own text, else null. */
  time: string | null;
  /** Plain text. */
  body: string;
}

import type { PostEffect } from './post-effects';

/** The exact payload a reply send shows in the confirm card and then delivers. */
export interface ReplyPayload {
  site: string;
  ticket: string;
  recipient: string;
  subject: string;
  body: string;
  /** What the helpdesk will also do when it posts (status, assignee), where its form says so. */
  effects?: PostEffect[];
  /**
   * Text the helpdesk's own reply (or note) box held when the send was prepared that is not
   * this text: the agent typed it there. Posting replaces it; the card says so and asks first.
   */
  replaces?: string;
  /**
   * The page the reply is posted from, when it is not the ticket's own (a reply page the
   * helpdesk will not show in a frame): its path and query on the site. Send… opens it in the
   * tab, and Confirm posts there.
   */
  from?: string;
}

/** Identifies the ticket a page shows; a change means the tab's tools are dropped. */
export interface PageTicket {
  /** Stable key of the ticket on this site (an id or number). */
  key: string;
  label: string;
}

/**
 * What the page that loaded after a send found. Some helpdesks reload the page once a reply is
 * posted, which ends the `deliver` call before it can see the reply in the thread; the adapter
 * notes the delivery in the tab's sessionStorage, and the next page reports it (`afterLoad`).
 */
/** The send tools of the catalogue: each has a prepare and a deliver half. */
export type SendToolName = 'reply.send' | 'note.add';

export interface DeliveryReport {
  tool: SendToolName;
  /** The payload as delivered: the background finds its confirmation by the payload's digest. */
  payload: ReplyPayload;
  /** 'sent': the reply is in the thread. 'not_found': this page does not show it. */
  outcome: 'sent' | 'not_found';
  detail: string;
}

/** A question to the tab after a send: how many copies of this text does the ticket's thread show? */
export interface CopiesQuery {
  tool: SendToolName;
  /** The ticket's key on the site, and the URL of its page as it was when the send was confirmed. */
  ticketKey: string;
  ticketUrl: string;
  body: string;
  /** Wait (up to waitMs) until at least this many copies show: a thread may load after the page. */
  atLeast?: number;
  waitMs?: number;
}

/**
 * A ticket on a site. Ticket 7 on one helpdesk and ticket 7 on another are two customers: every
 * comparison of tickets compares both, through `sameTicket`.
 */
export interface TicketRef {
  /** The site's origin; null when not known. */
  site: string | null;
  /** The ticket's key on that site; null on a page that shows no ticket. */
  ticket: string | null;
}

export const sameTicket = (a: TicketRef, b: TicketRef): boolean => a.site === b.site && a.ticket === b.ticket;

/**
 * Whether a draft written for `home` may act on the page `shown` without the agent's choice: its
 * own ticket, or a page of its own site that shows no ticket (a helpdesk's separate reply page).
 */
export const draftBelongsOn = (home: TicketRef, shown: TicketRef): boolean =>
  sameTicket(home, shown) || (home.site !== null && home.site === shown.site && shown.ticket === null);
