import type { ConfirmationRecord, JsonSchema, SideEffect } from '../core';
import type { SiteSettings } from './settings';
import type { TeachView } from './teach';
import type { PageTicket, SendToolName } from './ticket';

/** What the sidebar shows of a tab: its page, the page's actions, its sends and the site's switches (`view.get`). */
export interface PageToolView {
  name: string;
  title: string;
  description: string;
  sideEffect: SideEffect;
  inputSchema: JsonSchema;
}

export interface PageView {
  tabId: number;
  adapterId: string;
  adapterTitle: string;
  /** On a page no helpdesk adapter serves (a ticket list): the helpdesk this site was last seen as. */
  siteTitle?: string;
  origin: string;
  ticket: PageTicket | null;
  /** The grades of the actions the page has, whether or not a switch has turned them off. */
  grades?: SideEffect[];
}

export interface ViewState {
  page: PageView | null;
  tools: PageToolView[];
  site: SiteSettings | null;
  pending: ConfirmationRecord[];
  /** This tab's sends whose delivery was cut off: sent or not, nobody knows yet. */
  unknown: ConfirmationRecord[];
  /** This tab's sends that went out. */
  sent: ConfirmationRecord[];
  /**
   * The newest reply and note Deskmate sent (or may have sent) to the ticket shown, in the last
   * days, from any tab: every Send… there says so before the next one.
   */
  lastSends: Partial<Record<SendToolName, EarlierSend>>;
  /** The tab's own site, for "Enable Deskmate on this site". */
  access: SiteAccessView | null;
  /** Teach mode under way in this tab. */
  teach: TeachView | null;
}

/** A send to the ticket that went out (`sent`) or may have (`unknown`: cut off, or under way); `at` is when it was confirmed. */
export interface EarlierSend {
  id: string;
  at: number;
  phase: 'sent' | 'unknown';
}

export interface SiteAccessView {
  origin: string;
  /** Loopback pages are always on; other sites once the agent enables them. */
  enabled: boolean;
  loopback: boolean;
  /** The organisation's policy does not allow Deskmate here. */
  blocked?: boolean;
  /** The organisation's policy is there but unreadable: Deskmate runs nowhere (see the options page). */
  policyUnreadable?: boolean;
}
