import type { ConfirmationRecord, ToolErrorCode, ToolResult } from '../core';
import type { Recipe } from './recipe-check';
import type { AuditEntry, ChainCheck } from './audit';
import type { ReviewedContact } from './contact-review';
import type { ConnectionReport, ModelSettings, SetupStatus, SiteSettings } from './settings';
import type { TeachChoice, TeachStep } from './teach';
import type { SavedReplies } from './saved-replies';
import type { OutboundTurn } from './outbound';
import type { CopiesQuery, DeliveryReport, PageTicket, TicketData } from './ticket';
import type { LogEntry } from './diagnostics';
import type { PolicyView } from './policy';
import type { KbSyncView } from './kb-sync';
import type { UnsentField } from './typed';
import type { McpActionState, McpServerView } from './mcp';
import type { McpChoice } from '../core/mcp';
import type { ContentPartName } from './content-parts';
import type { PartCursor, ResultPart, ShownResult } from './result-parts';

/**
 * Every message between the extension's parts, declared once. `from` says which kind of
 * sender may send it; the router checks the sender before it reads anything else, then
 * validates the message against `schema`.
 */
export type SenderKind = 'extension' | 'content';

type Empty = Record<never, never>;

export type { EarlierSend, PageToolView, PageView, SiteAccessView, ViewState } from './view-state';
import type { PageToolView, ViewState } from './view-state';

export interface Requests {
  /**
   * A content script says which page its tab shows. `withRecipe`: it looked for the page with a
   * recipe of its site, as the background last told it (absent: it says nothing of recipes).
   * When that is not so of the site now, nothing is recorded and the answer carries the site's
   * recipe in force (null for none): the script looks again with it and announces again.
   */
  'page.announce': { req: { adapterId: string; url: string; ticket: PageTicket | null; withRecipe?: boolean }; res: { ok: boolean; recipe?: Recipe | null } };
  'page.delivered': { req: { adapterId: string; report: DeliveryReport }; res: { ok: boolean } };
  'view.get': { req: { tabId: number }; res: ViewState };
  /**
   * `draft`: the call id of the draft card whose button this is, if any. `anyway`: the agent
   * chose to insert a draft written for another ticket on the one the tab shows (never a send).
   * `again`: "Send again" on a card, by its confirmation id: its own payload, prepared anew. A
   * send names one or the other, and is prepared only while the tab shows their ticket.
   */
  'tool.invoke': { req: { tabId: number; tool: string; input: unknown; draft?: string; anyway?: boolean; again?: string }; res: ShownResult };
  /**
   * "Show more" under a big read result the panel got the first part of (`rest` of tool.invoke's
   * answer): its part from `from`, only for the tab it was read in while that tab shows the same
   * page (null: not so, or no longer kept).
   */
  'result.part': { req: { tabId: number; id: string; from: PartCursor }; res: ResultPart | null };
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
  'sites.enable': { req: { origin: string }; res: { ok: boolean; error?: string; managed?: boolean } };
  'sites.disable': { req: { origin: string }; res: { ok: boolean; error?: string; managed?: boolean } };
  'model.get': { req: Empty; res: ModelSettings };
  /** `managed`: refused because the organisation's policy sets what it would change. */
  'model.set': { req: { settings: ModelSettings }; res: { ok: boolean; error?: string; managed?: boolean } };
  /** The organisation's policy as the pages show it (never its key). */
  'policy.get': { req: Empty; res: PolicyView };
  'model.test': { req: { settings: ModelSettings }; res: ConnectionReport };
  /** Whether the sidebar can chat: the saved model answers and has its model; how many articles the knowledge base holds. */
  'setup.status': { req: Empty; res: SetupStatus };
  'kb.import': { req: { files: { name: string; text: string }[] }; res: { added: number; total: number; problems: string[] } };
  'kb.list': { req: Empty; res: { count: number; articles: { id: string; title: string; source: string }[] } };
  'kb.clear': { req: Empty; res: { ok: boolean } };
  /** One article, whole, for a draft's source chip (null: no longer in the knowledge base). */
  'kb.article': { req: { id: string }; res: { id: string; title: string; body: string; source: string } | null };
  /** The knowledge base at a URL: which URL, where it came from, how its last sync went. */
  'kbUrl.get': { req: Empty; res: KbSyncView };
  /** The agent's own URL ('' for none), synced at once; refused (`managed`) when the policy gives one. */
  'kbUrl.set': { req: { url: string }; res: { ok: boolean; error?: string; managed?: boolean; view?: KbSyncView } };
  /** Checks the URL in force now. */
  'kbUrl.sync': { req: Empty; res: KbSyncView };
  /** What the tab's model-written links may open in one click: its own site (by links that carry no data), and the exact addresses the knowledge base links to. */
  'links.trusted': { req: { tabId: number }; res: { keys: string[] } };
  /** A content script asks for its own site's recipe (the sender's origin, never a named one). */
  'recipe.get': { req: Empty; res: Recipe | null };
  /**
   * A content script asks for one of its parts (src/shared/content-parts.ts) by its fixed name:
   * the background runs that part's file in the sender's tab, top frame, on a site Deskmate runs on.
   */
  'content.part': { req: { part: ContentPartName }; res: { ok: boolean; error?: string } };
  'recipes.list': { req: Empty; res: Recipe[] };
  'recipes.import': { req: { recipe: unknown }; res: { ok: boolean; error?: string; managed?: boolean } };
  'recipes.remove': { req: { site: string }; res: { ok: boolean; error?: string; managed?: boolean } };
  /** The sites whose recipe in force the agent has tested on a ticket (the others show "untested"). */
  'recipes.tested': { req: Empty; res: string[] };
  /** Test: the tab's ticket read with its site's recipe in force; a ticket with a thread marks the recipe tested. */
  'recipes.test': { req: { tabId: number }; res: ToolResult<TicketData> };
  /** Before Apply: outlines the recipe's reply box, note box and posting controls in the open tabs of its site. */
  'recipes.highlight': { req: { recipe: unknown }; res: RecipeHighlight };
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
  /** A saved reply filled from the tab's ticket, for the agent to read and edit: its plan's reads only, nothing written. */
  'savedReplies.preview': { req: { tabId: number; id: string }; res: SavedReplyRun };
  /**
   * The agent's click on a saved reply: its fixed plan runs in the tab (it may read and write, never
   * send), with `body` (the agent's edit of the preview) in place of the filled template when given.
   */
  'savedReplies.run': { req: { tabId: number; id: string; body?: string }; res: SavedReplyRun };
  /** What the tab's conversation sent to the model and got back, turn by turn (extension pages only). */
  'outbound.list': { req: { tabId: number }; res: OutboundTurn[] };
  /** `managed`: the organisation's policy gives the team instructions. */
  'instructions.get': { req: Empty; res: { team: string; managed: boolean } };
  'ticketContext.get': { req: { tabId: number }; res: { available: boolean; text: string } };
  /** Text typed into a field that is not yet anything (a question not sent, a saved reply not added); the typed text itself goes by port (typed.ts). */
  'typed.unsent': { req: { field: UnsentField }; res: { text: string } };
  /** The background's recent failures (oldest first), for the options page's diagnostics view. */
  'diagnostics.list': { req: Empty; res: LogEntry[] };
  'diagnostics.clear': { req: Empty; res: { ok: boolean } };
  /** MCP servers with their state and tools (never a token: only whether one is kept). */
  'mcp.list': { req: Empty; res: McpServerView[] };
  /** Adds or changes a server. `token`: absent keeps the kept one, '' removes it. */
  'mcp.save': { req: { id?: string; name: string; url: string; token?: string }; res: McpListChange };
  'mcp.remove': { req: { id: string }; res: McpListChange };
  /** A person's grade for one tool, for the definition they saw (`hash`). */
  'mcp.grade': { req: { id: string; tool: string; hash: string; choice: McpChoice }; res: McpListChange };
  'mcp.reconnect': { req: { id: string }; res: McpListChange };
  /** The agent's click on an action card (its action.propose call id, in the conversation of the ticket the tab shows): the exact call, prepared for Confirm (or the state it already has). */
  'mcp.prepare': { req: { tabId: number; callId: string }; res: ToolResult<McpActionState> };
  /** Confirm names the prepared call by its id and the digest of what the card showed; the call is made once. */
  'mcp.confirm': { req: { tabId: number; id: string; digest: string }; res: ToolResult<McpActionState> };
  'mcp.cancel': { req: { id: string }; res: ToolResult };
  'mcp.action': { req: { id: string }; res: McpActionState | null };
}

export type McpListChange = { ok: boolean; error?: string; servers?: McpServerView[] };

export type SavedReplyRun =
  | { ok: true; text: string }
  | { ok: false; code: ToolErrorCode; error: string; unknown?: string[]; missing?: string[] };

export type RequestType = keyof Requests;
export type Request<T extends RequestType = RequestType> = { type: T } & Requests[T]['req'];
export type Response<T extends RequestType> = Requests[T]['res'];

/** What the background answers every request with: the handler's value, or why there is none. */
export type Envelope<T = unknown> = { ok: true; value: T } | { ok: false; code: string; error: string };

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
  | { type: 'page.teach-read'; recipe: Recipe }
  /** Before a recipe is applied: outline its controls on this page for a while, and say which were found. */
  | { type: 'page.highlight-recipe'; recipe: Recipe };

/** What the open pages of a recipe's site show of its controls. */
export interface RecipeHighlight {
  /** How many open tabs of the site were asked (0: open a ticket of the site to see them). */
  pages: number;
  /** Each control the recipe names, and whether some open page shows it. */
  found: { control: RecipeControl; found: boolean }[];
  /** Some page shows the note box in (or as) the reply form: the recipe is refused there. */
  noteIsReply: boolean;
}

export type RecipeControl = 'reply.editor' | 'reply.submit' | 'reply.open' | 'note.editor' | 'note.submit' | 'note.open';

/** A built-in recipe as the UI lists it. */
export interface BuiltinRecipeView {
  id: string;
  title: string;
  /** Where it is recognised; null for any enabled site (a self-hosted helpdesk). */
  where: string | null;
  /** When an agent ticked "Works here", or null. */
  confirmed: { at: string } | null;
}

/** Background -> extension pages: something they show has changed. `settings.changed`: the model settings or the knowledge base changed (the sidebar checks its setup again); `mcp.changed`: an MCP server's state or tools. */
export type Broadcast = { type: 'view.changed'; tabId: number | null } | { type: 'audit.changed' } | { type: 'settings.changed' } | { type: 'mcp.changed' };
