import type { CDPSession } from 'playwright-core';
import { withTimeout } from './wait';

/**
 * A CDP session on a target Playwright does not manage (the real side panel). Playwright's
 * CDPSession cannot address flattened child sessions, so commands travel inside
 * Target.sendMessageToTarget and replies come back as Target.receivedMessageFromTarget.
 */
export interface TargetSession {
  send<T>(method: string, params?: Record<string, unknown>): Promise<T>;
  detach(): Promise<void>;
}

interface Reply {
  id?: number;
  result?: unknown;
  error?: { message: string };
}

interface Pending {
  resolve(result: unknown): void;
  reject(error: Error): void;
}

export async function attachToTarget(
  browserSession: CDPSession,
  targetId: string,
  label: string,
  timeoutMs: number,
): Promise<TargetSession> {
  const { sessionId } = await browserSession.send('Target.attachToTarget', { targetId, flatten: false });
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let gone: string | undefined;

  const onMessage = (event: { sessionId: string; message: string }) => {
    if (event.sessionId !== sessionId) return;
    const reply = JSON.parse(event.message) as Reply;
    const waiter = reply.id === undefined ? undefined : pending.get(reply.id);
    if (!waiter || reply.id === undefined) return; // an event, not a reply
    pending.delete(reply.id);
    if (reply.error) waiter.reject(new Error(`${label}: ${reply.error.message}`));
    else waiter.resolve(reply.result);
  };
  const onDetached = (event: { sessionId?: string }) => {
    if (event.sessionId !== sessionId) return;
    gone = `${label} is gone (its target was closed or detached)`;
    for (const waiter of pending.values()) waiter.reject(new Error(gone));
    pending.clear();
  };
  browserSession.on('Target.receivedMessageFromTarget', onMessage);
  browserSession.on('Target.detachedFromTarget', onDetached);

  async function send<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    if (gone) throw new Error(gone);
    const id = ++nextId;
    const reply = new Promise<unknown>((resolve, reject) => pending.set(id, { resolve, reject }));
    const message = JSON.stringify({ id, method, params });
    await browserSession.send('Target.sendMessageToTarget', { sessionId, message });
    try {
      return (await withTimeout(reply, timeoutMs, `${label}: ${method}`)) as T;
    } finally {
      pending.delete(id);
    }
  }

  async function detach() {
    browserSession.off('Target.receivedMessageFromTarget', onMessage);
    browserSession.off('Target.detachedFromTarget', onDetached);
    if (!gone) await browserSession.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
    gone ??= `${label} was detached`;
  }

  return { send, detach };
}
