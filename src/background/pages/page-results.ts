import { fail, isToolErrorCode, type ToolResult } from '../../core';
import type { ReplyPayload } from '../../sites/adapter';
import type { PageToolSpec } from '../../shared/page-tools';
import { postEffectsOf } from '../../shared/post-effects';

const MAX_FIELD = 100_000;

const isText = (v: unknown, max = MAX_FIELD): v is string => typeof v === 'string' && v.length <= max;

const bad = (error: string): ToolResult => fail('tool_failed', error);

/** Another ticket's address (ticket.read with a key) is on the tab's own site, or there is none. */
function ownTicketUrl(data: unknown, origin: string): boolean {
  const url = (data as { url?: unknown } | null)?.url;
  if (url === undefined) return true;
  try {
    return typeof url === 'string' && new URL(url).origin === origin;
  } catch {
    return false;
  }
}

/**
 * A content script is less trusted than the background: a page can tamper with what it
 * reads. Its answers are checked before they are used, and a send's payload must name the
 * site the background knows the tab is on.
 */
export function checkPageResult(
  spec: PageToolSpec,
  answer: unknown,
  origin: string,
  phase: 'run' | 'deliver' = 'run',
  input?: unknown,
): ToolResult {
  if (answer === null || typeof answer !== 'object' || typeof (answer as ToolResult).ok !== 'boolean') {
    return bad(`The page gave no valid answer for ${spec.name}.`);
  }
  const result = answer as ToolResult;
  if (!result.ok) {
    return {
      ok: false,
      // The closed list, not the page's word: an unknown code is a tool failure.
      code: isToolErrorCode(result.code) ? result.code : 'tool_failed',
      error: isText(result.error, 2000) ? result.error : `${spec.name} failed in the page.`,
    };
  }
  if (spec.name === 'ticket.read' && !ownTicketUrl(result.data, origin)) return bad('The page returned a ticket of another site.');
  if (spec.sideEffect !== 'send' || phase === 'deliver') return { ok: true, data: result.data };
  const payload = result.confirmPayload as ReplyPayload | undefined;
  const fields = ['site', 'ticket', 'recipient', 'subject', 'body'] as const;
  if (!payload || typeof payload !== 'object' || !fields.every((f) => isText(payload[f]))) {
    return bad(`The page prepared an invalid payload for ${spec.name}.`);
  }
  if (payload.site !== origin) return bad(`The page prepared a payload for another site (${payload.site}).`);
  const body = (input as { body?: unknown } | undefined)?.body;
  if (body !== undefined && payload.body !== body) return bad('The page changed the reply text while preparing it.');
  // The helpdesk's side effects are part of what is confirmed: exactly a list of known ones, or none.
  const effects = payload.effects === undefined ? [] : postEffectsOf(payload.effects);
  if (effects === null) return bad(`The page prepared invalid side effects for ${spec.name}.`);
  // What the page's own box held besides the reply: shown on the card, and checked again at delivery.
  if (payload.replaces !== undefined && (!isText(payload.replaces) || payload.replaces === '')) return bad(`The page prepared an invalid reply box text for ${spec.name}.`);
  // The page to post from is a path on the tab's own site, nothing else.
  const from = payload.from;
  if (from !== undefined && !(isText(from, 2048) && from.startsWith('/') && !from.startsWith('//') && new URL(from, origin).origin === origin)) {
    return bad(`The page prepared an invalid reply page for ${spec.name}.`);
  }
  const clean: ReplyPayload = {
    site: payload.site,
    ticket: payload.ticket,
    recipient: payload.recipient,
    subject: payload.subject,
    body: payload.body,
    ...(effects.length ? { effects } : {}),
    ...(payload.replaces !== undefined ? { replaces: payload.replaces } : {}),
    ...(from !== undefined ? { from } : {}),
  };
  return { ok: true, requiresConfirm: true, confirmPayload: clean };
}
