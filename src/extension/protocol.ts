import type { ConfirmationRecord, JsonSchema, SideEffect, ToolResult } from '../core';
import type { PageTicket } from '../sites/adapter';
import type { AuditEntry } from './audit-log';
import type { SiteSettings } from './site-settings';

/**
 * Every message between the extension's parts, declared once. `from` says which kind of
 * sender may send it; the router checks the sender before it reads anything else, then
 * validates the message against `schema`.
 */
export type SenderKind = 'extension' | 'content';

type Empty = Record<never, never>;

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
  origin: string;
  ticket: PageTicket | null;
}

export interface ViewState {
  page: PageView | null;
  tools: PageToolView[];
  site: SiteSettings | null;
  pending: ConfirmationRecord[];
}

export interface Requests {
  'page.announce': { req: { adapterId: string; url: string; ticket: PageTicket | null }; res: { ok: boolean } };
  'view.get': { req: { tabId: number }; res: ViewState };
  'tool.invoke': { req: { tabId: number; tool: string; input: unknown }; res: ToolResult };
  'confirm.accept': { req: { tabId: number; id: string; digest: string }; res: ToolResult };
  'confirm.cancel': { req: { id: string }; res: ToolResult };
  'confirm.check': { req: { id: string }; res: ToolResult<{ found: boolean }> };
  'confirm.get': { req: { id: string }; res: ConfirmationRecord | null };
  'audit.list': { req: Empty; res: AuditEntry[] };
  'sites.list': { req: Empty; res: SiteSettings[] };
  'sites.set': { req: { origin: string; write: boolean; send: boolean }; res: SiteSettings[] };
}

export type RequestType = keyof Requests;
export type Request<T extends RequestType = RequestType> = { type: T } & Requests[T]['req'];
export type Response<T extends RequestType> = Requests[T]['res'];

const str = { type: 'string', minLength: 1, maxLength: 2048 } as const;
const tabId = { type: 'integer', minimum: 0 } as const;
const none: JsonSchema = { type: 'object', properties: {}, additionalProperties: false };
const ticket = {
  type: 'object',
  properties: { key: str, label: { type: 'string', maxLength: 200 } },
  required: ['key', 'label'],
  additionalProperties: false,
} as const;

const obj = (properties: JsonSchema['properties'], required: string[]): JsonSchema => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

export const PROTOCOL: { [T in RequestType]: { from: SenderKind; schema: JsonSchema } } = {
  'page.announce': {
    from: 'content',
    // ticket may be null: the page shows no ticket.
    schema: obj({ adapterId: str, url: str, ticket: { ...ticket, type: ['object', 'null'] } }, ['adapterId', 'url', 'ticket']),
  },
  'view.get': { from: 'extension', schema: obj({ tabId }, ['tabId']) },
  'tool.invoke': { from: 'extension', schema: obj({ tabId, tool: str, input: {} }, ['tabId', 'tool']) },
  'confirm.accept': { from: 'extension', schema: obj({ tabId, id: str, digest: str }, ['tabId', 'id', 'digest']) },
  'confirm.cancel': { from: 'extension', schema: obj({ id: str }, ['id']) },
  'confirm.check': { from: 'extension', schema: obj({ id: str }, ['id']) },
  'confirm.get': { from: 'extension', schema: obj({ id: str }, ['id']) },
  'audit.list': { from: 'extension', schema: none },
  'sites.list': { from: 'extension', schema: none },
  'sites.set': {
    from: 'extension',
    schema: obj({ origin: str, write: { type: 'boolean' }, send: { type: 'boolean' } }, ['origin', 'write', 'send']),
  },
};

/** Background -> content script. */
export type PageCall =
  | { type: 'page.run'; tool: string; input: unknown; ticketKey: string | null }
  | { type: 'page.deliver'; tool: string; payload: unknown }
  | { type: 'page.announce-again' };

/** Background -> extension pages: something they show has changed. */
export type Broadcast = { type: 'view.changed'; tabId: number | null } | { type: 'audit.changed' };
