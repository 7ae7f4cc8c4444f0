import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

/**
 * A raw CDP connection to a Chromium it launches with --remote-debugging-pipe (fd 3 in, fd 4
 * out, NUL-separated JSON). Unlike Playwright's CDPSession it addresses flattened child
 * sessions, which browser-level Target.setAutoAttach requires.
 */
export interface CdpPipe {
  send<T = Record<string, unknown>>(method: string, params?: Record<string, unknown>, sessionId?: string): Promise<T>;
  on(method: string, listener: (params: any, sessionId?: string) => void): void;
  close(): Promise<void>;
}

export function launchOverPipe(executable: string, args: string[]): CdpPipe {
  const child: ChildProcess = spawn(executable, [...args, '--remote-debugging-pipe'], { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] });
  const input = child.stdio[3] as Writable;
  const output = child.stdio[4] as Readable;
  const pending = new Map<number, { resolve(v: any): void; reject(e: Error): void; method: string }>();
  const listeners = new Map<string, ((params: any, sessionId?: string) => void)[]>();
  let nextId = 0;
  let buffer = '';
  output.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    let end: number;
    while ((end = buffer.indexOf('\0')) >= 0) {
      const message = JSON.parse(buffer.slice(0, end)) as { id?: number; method?: string; params?: unknown; result?: unknown; error?: { message: string }; sessionId?: string };
      buffer = buffer.slice(end + 1);
      if (message.id !== undefined) {
        const waiter = pending.get(message.id);
        pending.delete(message.id);
        if (message.error) waiter?.reject(new Error(`${waiter.method}: ${message.error.message}`));
        else waiter?.resolve(message.result);
      } else if (message.method) {
        for (const listener of listeners.get(message.method) ?? []) listener(message.params, message.sessionId);
      }
    }
  });
  return {
    send(method, params = {}, sessionId) {
      const id = ++nextId;
      input.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
      return new Promise((resolve, reject) => pending.set(id, { resolve, reject, method }));
    },
    on(method, listener) {
      listeners.set(method, [...(listeners.get(method) ?? []), listener]);
    },
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
    },
  };
}
