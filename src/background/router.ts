import type { Browser } from 'wxt/browser';
import { createInputValidator, type InputCheck } from '../core/validation';
import { type Envelope, type Request, type RequestType, type Response, type SenderKind } from '../shared/protocol';
import { PROTOCOL } from '../shared/protocol-schema';
import { log } from './diagnostics/logger';

/** What a handler learns of the sender: only what the browser vouches for. */
export interface Sender {
  kind: SenderKind;
  /** Content scripts only: their tab and the origin of their page. */
  tabId?: number;
  origin?: string;
  url?: string;
}

export type Handlers = { [T in RequestType]: (req: Request<T>, sender: Sender) => Promise<Response<T>> };

/**
 * Who sent a message, from what the browser says of the sender. Extension pages are the
 * sidebar and the options page (opened in a panel or as a tab); content scripts are the
 * top frames of web pages. Anything else is no one.
 */
export function classifySender(sender: Browser.runtime.MessageSender, extensionId: string, extensionBase: string): Sender | null {
  if (sender.id !== extensionId || typeof sender.url !== 'string') return null;
  if (sender.url.startsWith(extensionBase)) return { kind: 'extension', url: sender.url };
  const tabId = sender.tab?.id;
  if (tabId === undefined || tabId < 0 || (sender.frameId ?? 0) !== 0) return null;
  let url: URL;
  try {
    url = new URL(sender.url);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return { kind: 'content', tabId, origin: url.origin, url: url.href };
}

const validators = Object.fromEntries(
  Object.entries(PROTOCOL).map(([type, entry]) => [type, createInputValidator(entry.schema)]),
) as Record<RequestType, (input: unknown) => InputCheck>;

/**
 * The one message handler: the sender is checked first, then the message against its
 * declared schema, and only then does a handler run. Errors become an envelope.
 */
export async function route(message: unknown, sender: Sender | null, handlers: Handlers): Promise<Envelope> {
  if (!sender) return { ok: false, code: 'forbidden', error: 'Unknown sender.' };
  const type = (message as { type?: unknown } | null)?.type;
  if (typeof type !== 'string' || !Object.prototype.hasOwnProperty.call(PROTOCOL, type)) {
    return { ok: false, code: 'invalid_message', error: `Unknown message type ${String(type)}.` };
  }
  const entry = PROTOCOL[type as RequestType];
  if (entry.from !== sender.kind) {
    // Named by type and the page's site, never by what the message carried.
    log.warn('router', `Refused ${type} from ${sender.kind === 'content' ? `a web page (${sender.origin ?? 'unknown site'})` : 'an extension page'}`);
    return { ok: false, code: 'forbidden', error: `${type} is not allowed from ${sender.kind === 'content' ? 'a web page' : 'an extension page'}.` };
  }
  const { type: _type, ...body } = message as Record<string, unknown>;
  const check = validators[type as RequestType](body);
  if (!check.ok) return { ok: false, code: 'invalid_message', error: `Invalid ${type}: ${check.message}` };
  try {
    const handler = handlers[type as RequestType] as (req: unknown, sender: Sender) => Promise<unknown>;
    return { ok: true, value: await handler(message, sender) };
  } catch (e) {
    log.error('router', `${type} failed`, e);
    return { ok: false, code: 'internal', error: e instanceof Error ? e.message : String(e) };
  }
}
