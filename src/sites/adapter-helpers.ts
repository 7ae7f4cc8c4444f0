import type { ToolErrorCode, ToolResult } from '../core';
import { fail } from '../core/results';
import type { PageTicket, ReplyPayload, SendImpl, TicketData } from './adapter';
import { insertText, targetIn } from './dom/insert';

/** Small pieces every helpdesk adapter needs: results, input, and names on the page. */

export const failed = fail;

/** Impls never throw: a page that breaks an assumption becomes a result with `code`. */
export async function guard<T>(code: ToolErrorCode, action: string, run: () => Promise<ToolResult<T>>): Promise<ToolResult<T>> {
  try {
    return await run();
  } catch (e) {
    return failed(code, `${action}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** The text of the first match, whitespace collapsed; '' when there is none. */
export const textOf = (root: ParentNode | null | undefined, selector: string): string =>
  root?.querySelector(selector)?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

/** The `body` of a tool input, or null when it is missing or blank. */
export const bodyOf = (input: unknown): string | null => {
  const body = (input as { body?: unknown } | null)?.body;
  return typeof body === 'string' && body.trim() !== '' ? body : null;
};

/** "Name <email>", or the bare address when the page shows no name. */
export const mailbox = (name: string | null, email: string): string => (name ? `${name} <${email}>` : email);

export const replySubject = (subject: string): string => (/^re:/i.test(subject) ? subject : `Re: ${subject}`);

/** The number at the end of an id like "thread-entry-1234" or "thread-77", or NaN. */
export const idNumber = (id: string | null | undefined): number => Number(/(\d+)$/.exec(id ?? '')?.[1] ?? Number.NaN);

/** Milliseconds left until `deadline` (a Date.now() time), never below `floor`. */
export const remaining = (deadline: number, floor = 0): number => Math.max(floor, deadline - Date.now());

type ShownTicket = (url: URL, doc: Document) => PageTicket | null;

/** `ticket.read`: the ticket the page shows, read by the adapter's own reader. */
export const ticketReader =
  (shown: ShownTicket, read: (doc: Document, label: string) => TicketData, noun = 'ticket') =>
  (_input: unknown, doc: Document, location: Location): Promise<ToolResult<TicketData>> =>
    guard('page_error', `Could not read the ${noun}`, async () => {
      const ticket = shown(new URL(location.href), doc);
      if (!ticket) return failed('no_ticket', `This page shows no ${noun}.`);
      return { ok: true, data: read(doc, ticket.label) };
    });

/**
 * `reply.fill`: inserts into the editor `find` gives, at the caret the agent left there (at
 * its end when there is none), like a paste: what the agent typed stays. Sends nothing.
 */
export const replyFiller =
  (find: (doc: Document) => Promise<HTMLElement | string>) =>
  (input: unknown, doc: Document): Promise<ToolResult<{ filled: true }>> =>
    guard('page_error', 'Could not fill the reply box', async () => {
      const body = bodyOf(input);
      if (body === null) return failed('invalid_input', 'The reply is empty.');
      const editor = await find(doc);
      if (typeof editor === 'string') return failed('no_reply_form', editor);
      const refused = insertText(targetIn(editor), body);
      return refused ? failed('fill_failed', refused) : { ok: true, data: { filled: true } };
    });

/**
 * `reply.send`'s two halves, each kept from throwing. An exception in deliver may come after
 * the click, so it must not read as "not sent".
 */
export const guardedSend = (
  prepare: (input: { body: string }, doc: Document, location: Location) => Promise<ToolResult<ReplyPayload>>,
  deliver: (payload: ReplyPayload, doc: Document, location: Location) => Promise<ToolResult>,
  noun = 'ticket',
): SendImpl<{ body: string }> => ({
  prepare: (input, doc, location) => guard('page_error', 'Could not prepare the reply', () => prepare(input, doc, location)),
  deliver: (payload, doc, location) =>
    guard('outcome_unknown', `Sending hit an error, so the outcome is unknown (check the ${noun} before trying again)`, () =>
      deliver(payload, doc, location),
    ),
});
