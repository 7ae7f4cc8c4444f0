import type { AgentEvent, ConfirmationRecord, JsonSchema, QuickAction, SideEffect, ToolErrorCode, ToolResult } from '../core';
import type { ChatItem } from './chat-items';
import type { Recipe } from '../sites/recipe-check';
import type { AuditEntry, ChainCheck } from './audit';
import type { ReviewedContact } from './contact-review';
import type { ConnectionReport, ModelSettings, SetupStatus, SiteSettings } from './settings';
import { TEACH_CHOICE_SCHEMA, TEACH_STEPS, type TeachChoice, type TeachStep, type TeachView } from './teach';
import type { SavedReplies } from './saved-replies';
import type { OutboundTurn } from './outbound';
import type { CopiesQuery, DeliveryReport, PageTicket, TicketData, TicketRef } from './ticket';
import type { LogEntry } from './diagnostics';

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
  /** This tab's sends whose delivery was cut off: sent or not, nobody knows yet. */
  unknown: ConfirmationRecord[];
  /** This tab's sends that went out. */
  sent: ConfirmationRecord[];
  /** The tab's own site, for "Enable Deskmate on this site". */
  access: SiteAccessView | null;
  /** Teach mode under way in this tab. */
  teach: TeachView | null;
}

export interface SiteAccessView {
  origin: string;
  /** Loopback pages are always on; other sites once the agent enables them. */
  enabled: boolean;
  loopback: boolean;
}

export interface Requests {
  'page.announce': { req: { adapterId: string; url: string; ticket: PageTicket | null }; res: { ok: boolean } };
  'page.delivered': { req: { adapterId: string; report: DeliveryReport }; res: { ok: boolean } };
  'view.get': { req: { tabId: number }; res: ViewState };
  /**
   * `draft`: the call id of the draft card whose button this is, if any. `anyway`: the agent
   * chose to use a draft written for another ticket on the one the tab shows. `again`: "Send
   * again" on a card that says when this exact payload was sent.
   */
  'tool.invoke': { req: { tabId: number; tool: string; input: unknown; draft?: string; anyway?: boolean; again?: boolean }; res: ToolResult };
  'confirm.accept': { req: { tabId: number; id: string; digest: string }; res: ToolResult };
  'confirm.cancel': { req: { id: string }; res: ToolResult };
  'confirm.check': { req: { id: string }; res: ToolResult<{ found: boolean }> };
  'confirm.get': { req: { id: string }; res: ConfirmationRecord | null };
  /** Every link, address and number of a prepared body, marked by where it was seen (null: no such record). */
  'confirm.review': { req: { id: string }; res: { items: ReviewedContact[] } | null };
  'audit.list': { req: Empty; res: AuditEntry[] };
  'audit.check': { req: Empty; res: ChainCheck };
  'sites.list': { req: Empty; res: SiteSettings[] };
  'sites.set': { req: { origin: string; write: boolean; send: boolean }; res: SiteSettings[] };
  'sites.enabled': { req: Empty; res: string[] };
  'sites.enable': { req: { origin: string }; res: { ok: boolean; error?: string } };
  'sites.disable': { req: { origin: string }; res: { ok: boolean } };
  'model.get': { req: Empty; res: ModelSettings };
  'model.set': { req: { settings: ModelSettings }; res: { ok: boolean; error?: string } };
  'model.test': { req: { settings: ModelSettings }; res: ConnectionReport };
  /** Whether the sidebar can chat: the saved model answers and has its model; how many articles the knowledge base holds. */
  'setup.status': { req: Empty; res: SetupStatus };
  'kb.import': { req: { files: { name: string; text: string }[] }; res: { added: number; total: number; problems: string[] } };
  'kb.list': { req: Empty; res: { count: number; articles: { id: string; title: string; source: string }[] } };
  'kb.clear': { req: Empty; res: { ok: boolean } };
  /** One article, whole, for a draft's source chip (null: no longer in the knowledge base). */
  'kb.article': { req: { id: string }; res: { id: string; title: string; body: string; source: string } | null };
  /** Where the tab's model-written links may go in one click: its own site, and the sites the knowledge base links to. */
  'links.trusted': { req: { tabId: number }; res: { keys: string[] } };
  /** A content script asks for its own site's recipe (the sender's origin, never a named one). */
  'recipe.get': { req: Empty; res: Recipe | null };
  'recipes.list': { req: Empty; res: Recipe[] };
  'recipes.import': { req: { recipe: unknown }; res: { ok: boolean; error?: string } };
  'recipes.remove': { req: { site: string }; res: { ok: boolean } };
  /** The built-in recipes, and whether an agent ticked "Works here" on each. */
  'recipes.builtin': { req: Empty; res: BuiltinRecipeView[] };
  'recipes.works-here': { req: { id: string; works: boolean }; res: { ok: boolean } };
  /** Teach mode: the sidebar starts, steers, tests, saves and cancels it for a tab. */
  'teach.start': { req: { tabId: number }; res: { ok: boolean; error?: string } };
  'teach.goto': { req: { tabId: number; step: TeachStep }; res: { ok: boolean } };
  'teach.cancel': { req: { tabId: number }; res: { ok: boolean } };
  'teach.test': { req: { tabId: number }; res: ToolResult<TicketData> };
  'teach.save': { req: { tabId: number }; res: { ok: boolean; error?: string } };
  /** Teach mode: a content script asks what to pick on its own tab and site, reports a pick, or the agent's Esc. */
  'teach.state': { req: Empty; res: { step: TeachStep | null; messages: string | null } | null };
  'teach.pick': { req: { step: TeachStep; choice: TeachChoice }; res: { ok: boolean; error?: string; step?: TeachStep | null; messages?: string | null } };
  'teach.escape': { req: Empty; res: { ok: boolean } };
  'savedReplies.get': { req: Empty; res: SavedReplies };
  /** Replaces them all (the options page's editor); `data` is a saved-replies file, checked against its schema. */
  'savedReplies.save': { req: { data: unknown }; res: { ok: boolean; error?: string } };
  /** Adds a file's replies (one with the same id is replaced). */
  'savedReplies.import': { req: { data: unknown }; res: { ok: boolean; added?: number; error?: string } };
  /** The agent's click on a saved reply: its fixed plan runs in the tab (it may read and write, never send). */
  'savedReplies.run': { req: { tabId: number; id: string }; res: SavedReplyRun };
  /** What the tab's conversation sent to the model and got back, turn by turn (extension pages only). */
  'outbound.list': { req: { tabId: number }; res: OutboundTurn[] };
  'instructions.get': { req: Empty; res: { team: string } };
  'instructions.set': { req: { team: string }; res: { ok: boolean } };
  'ticketContext.get': { req: { tabId: number }; res: { available: boolean; text: string } };
  /** `site` and `ticketKey`: the ticket the text was typed for; stored only while the tab shows it. */
  'ticketContext.set': { req: { tabId: number; site: string; ticketKey: string; text: string }; res: { ok: boolean } };
  /** The background's recent failures (oldest first), for the options page's diagnostics view. */
  'diagnostics.list': { req: Empty; res: LogEntry[] };
  'diagnostics.clear': { req: Empty; res: { ok: boolean } };
}

export type SavedReplyRun =
  | { ok: true; text: string }
  | { ok: false; code: ToolErrorCode; error: string; unknown?: string[]; missing?: string[] };

export type RequestType = keyof Requests;
export type Request<T extends RequestType = RequestType> = { type: T } & Requests[T]['req'];
export type Response<T extends RequestType> = Requests[T]['res'];

const str = { type: 'string', minLength: 1, maxLength: 2048 } as const;
const tabId = { type: 'integer', minimum: 0 } as const;
const text = { type: 'string', maxLength: 2048 } as const;
const none: JsonSchema = { type: 'object', properties: {}, additionalProperties: false };
const ticket = {
  type: 'object',
  properties: { key: str, label: { type: 'string', maxLength: 200 } },
  required: ['key', 'label'],
  additionalProperties: false,
} as const;

const modelSettings = {
  type: 'object',
  properties: {
    preset: { type: 'string', enum: ['demo', 'openai', 'ollama', 'custom'] },
    baseURL: { type: 'string', maxLength: 2048 },
    apiKey: { type: 'string', maxLength: 4096 },
    model: { type: 'string', maxLength: 256 },
    maskPersonalData: { type: 'boolean' },
  },
  required: ['preset', 'baseURL', 'apiKey', 'model'],
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
  'page.delivered': {
    from: 'content',
    schema: obj(
      {
        adapterId: str,
        report: {
          type: 'object',
          properties: {
            tool: { type: 'string', enum: ['reply.send', 'note.add'] },
            payload: {
              type: 'object',
              properties: { site: str, ticket: text, recipient: text, subject: text, body: { type: 'string', maxLength: 100_000 } },
              required: ['site', 'ticket', 'recipient', 'subject', 'body'],
              additionalProperties: false,
            },
            outcome: { type: 'string', enum: ['sent', 'not_found'] },
            detail: { type: 'string', maxLength: 2000 },
          },
          required: ['tool', 'payload', 'outcome', 'detail'],
          additionalProperties: false,
        },
      },
      ['adapterId', 'report'],
    ),
  },
  'view.get': { from: 'extension', schema: obj({ tabId }, ['tabId']) },
  'tool.invoke': { from: 'extension', schema: obj({ tabId, tool: str, input: {}, draft: { type: 'string', minLength: 1, maxLength: 256 }, anyway: { type: 'boolean' }, again: { type: 'boolean' } }, ['tabId', 'tool']) },
  'confirm.accept': { from: 'extension', schema: obj({ tabId, id: str, digest: str }, ['tabId', 'id', 'digest']) },
  'confirm.cancel': { from: 'extension', schema: obj({ id: str }, ['id']) },
  'confirm.check': { from: 'extension', schema: obj({ id: str }, ['id']) },
  'confirm.get': { from: 'extension', schema: obj({ id: str }, ['id']) },
  'confirm.review': { from: 'extension', schema: obj({ id: str }, ['id']) },
  'audit.list': { from: 'extension', schema: none },
  'audit.check': { from: 'extension', schema: none },
  'sites.list': { from: 'extension', schema: none },
  'sites.enabled': { from: 'extension', schema: none },
  'sites.enable': { from: 'extension', schema: obj({ origin: str }, ['origin']) },
  'sites.disable': { from: 'extension', schema: obj({ origin: str }, ['origin']) },
  'model.get': { from: 'extension', schema: none },
  'model.set': { from: 'extension', schema: obj({ settings: modelSettings }, ['settings']) },
  'model.test': { from: 'extension', schema: obj({ settings: modelSettings }, ['settings']) },
  'setup.status': { from: 'extension', schema: none },
  'kb.import': {
    from: 'extension',
    schema: obj(
      {
        files: {
          type: 'array',
          maxItems: 50,
          items: {
            type: 'object',
            properties: { name: str, text: { type: 'string', maxLength: 5_000_000 } },
            required: ['name', 'text'],
            additionalProperties: false,
          },
        },
      },
      ['files'],
    ),
  },
  'kb.list': { from: 'extension', schema: none },
  'kb.clear': { from: 'extension', schema: none },
  'kb.article': { from: 'extension', schema: obj({ id: { type: 'string', minLength: 1, maxLength: 200 } }, ['id']) },
  'links.trusted': { from: 'extension', schema: obj({ tabId }, ['tabId']) },
  'recipe.get': { from: 'content', schema: none },
  'recipes.list': { from: 'extension', schema: none },
  // The recipe itself is checked against its own schema by the handler, with field-named errors.
  'recipes.import': { from: 'extension', schema: obj({ recipe: {} }, ['recipe']) },
  'recipes.remove': { from: 'extension', schema: obj({ site: str }, ['site']) },
  'recipes.builtin': { from: 'extension', schema: none },
  'recipes.works-here': { from: 'extension', schema: obj({ id: str, works: { type: 'boolean' } }, ['id', 'works']) },
  'teach.start': { from: 'extension', schema: obj({ tabId }, ['tabId']) },
  'teach.goto': { from: 'extension', schema: obj({ tabId, step: { type: 'string', enum: [...TEACH_STEPS] } }, ['tabId', 'step']) },
  'teach.cancel': { from: 'extension', schema: obj({ tabId }, ['tabId']) },
  'teach.test': { from: 'extension', schema: obj({ tabId }, ['tabId']) },
  'teach.save': { from: 'extension', schema: obj({ tabId }, ['tabId']) },
  'teach.state': { from: 'content', schema: none },
  'teach.pick': { from: 'content', schema: obj({ step: { type: 'string', enum: [...TEACH_STEPS] }, choice: TEACH_CHOICE_SCHEMA }, ['step', 'choice']) },
  'teach.escape': { from: 'content', schema: none },
  'savedReplies.get': { from: 'extension', schema: none },
  'savedReplies.save': { from: 'extension', schema: obj({ data: {} }, ['data']) },
  'savedReplies.import': { from: 'extension', schema: obj({ data: {} }, ['data']) },
  'savedReplies.run': { from: 'extension', schema: obj({ tabId, id: { type: 'string', minLength: 1, maxLength: 64 } }, ['tabId', 'id']) },
  'outbound.list': { from: 'extension', schema: obj({ tabId }, ['tabId']) },
  'instructions.get': { from: 'extension', schema: none },
  'instructions.set': { from: 'extension', schema: obj({ team: { type: 'string', maxLength: 4000 } }, ['team']) },
  'ticketContext.get': { from: 'extension', schema: obj({ tabId }, ['tabId']) },
  'ticketContext.set': { from: 'extension', schema: obj({ tabId, site: str, ticketKey: str, text: { type: 'string', maxLength: 2000 } }, ['tabId', 'site', 'ticketKey', 'text']) },
  'diagnostics.list': { from: 'extension', schema: none },
  'diagnostics.clear': { from: 'extension', schema: none },
  'sites.set': {
    from: 'extension',
    schema: obj({ origin: str, write: { type: 'boolean' }, send: { type: 'boolean' } }, ['origin', 'write', 'send']),
  },
};

/** Background -> content script. */
export type PageCall =
  /** `site` and `ticketKey`: the ticket the call is made for; the page refuses it for any other. */
  | { type: 'page.run'; tool: string; input: unknown; ticketKey: string | null; site?: string | null }
  | { type: 'page.deliver'; tool: string; payload: unknown }
  /** How many copies of a sent text the ticket's thread shows, from whatever page the tab is on. */
  | { type: 'page.copies'; adapterId: string; query: CopiesQuery }
  /** Is the page's content script there? Asked just before a delivery. */
  | { type: 'page.ping' }
  | { type: 'page.announce-again' }
  /** The site's recipe was imported or removed: load it again, then announce. */
  | { type: 'page.recipe-changed' }
  /** Teach mode: show the picker for this step (null: take it away). */
  | { type: 'page.teach'; step: TeachStep | null; messages: string | null }
  /** Teach mode's Test: read the ticket with the recipe the background built. */
  | { type: 'page.teach-read'; recipe: Recipe };

/** Background -> extension pages: something they show has changed. */
/** A built-in recipe as the UI lists it. */
export interface BuiltinRecipeView {
  id: string;
  title: string;
  /** Where it is recognised; null for any enabled site (a self-hosted helpdesk). */
  where: string | null;
  /** When an agent ticked "Works here", or null. */
  confirmed: { at: string } | null;
}

/** `settings.changed`: the model settings or the knowledge base changed (the sidebar checks its setup again). */
export type Broadcast = { type: 'view.changed'; tabId: number | null } | { type: 'audit.changed' } | { type: 'settings.changed' };

/** The sidebar's chat port (`runtime.connect({ name: CHAT_PORT })`): sidebar -> background. */
export const CHAT_PORT = 'chat';

export type ChatClientMessage =
  | { type: 'chat.open'; tabId: number }
  | { type: 'chat.send'; tabId: number; text: string }
  | { type: 'chat.stop'; tabId: number }
  | { type: 'chat.new'; tabId: number }
  | { type: 'chat.retry'; tabId: number }
  /** "Use as draft" on an assistant message: it becomes a draft card. */
  | { type: 'chat.draft'; tabId: number; itemId: string; text: string }
  /** A quick action, with the current draft for the rewrites. */
  | { type: 'chat.action'; tabId: number; action: QuickAction; draft?: string }
  /** The agent acknowledges the warning on a draft (by its call id) written under attack. */
  | { type: 'chat.ack'; tabId: number; callId: string }
  /** The agent's edit of a draft (by its call id) in the conversation `key`: kept as the draft's text. */
  | { type: 'chat.edit'; tabId: number; key: string; callId: string; body: string };

/** Background -> sidebar over the chat port. */
export type ChatServerMessage =
  /** `home`: the site and ticket the conversation (and so each of its drafts) belongs to. */
  | { type: 'chat.snapshot'; tabId: number; key: string; home: TicketRef; items: ChatItem[]; running: boolean; model: ModelLabel }
  | { type: 'chat.event'; key: string; event: AgentEvent; sentAt: number }
  | { type: 'chat.error'; message: string };

export interface ModelLabel {
  name: string;
  /** The offline demo model: labelled as such in the UI. */
  demo: boolean;
}

export const CHAT_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    type: { type: 'string', enum: ['chat.open', 'chat.send', 'chat.stop', 'chat.new', 'chat.retry', 'chat.draft', 'chat.action', 'chat.ack', 'chat.edit'] },
    action: { type: 'string', enum: ['summarize', 'draft', 'translate', 'shorter', 'friendlier', 'formal', 'note'] },
    draft: { type: 'string', maxLength: 20_000 },
    tabId,
    text: { type: 'string', minLength: 1, maxLength: 20_000 },
    itemId: { type: 'string', minLength: 1, maxLength: 64 },
    callId: { type: 'string', minLength: 1, maxLength: 256 },
    key: { type: 'string', minLength: 1, maxLength: 2_048 },
    body: { type: 'string', maxLength: 20_000 },
  },
  required: ['type', 'tabId'],
  additionalProperties: false,
};
