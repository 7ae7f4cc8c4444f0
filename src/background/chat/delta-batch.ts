import type { AgentEvent } from '../../core';

type TextDelta = Extract<AgentEvent, { type: 'text_delta' }>;

/**
 * Fewer port posts per streamed token: the first text delta of a burst goes out at once, the
 * ones that follow within `windowMs` are joined into one post at the end of the window (the
 * sidebar cannot paint more often than once a frame anyway). The window closes with that post:
 * the next delta goes out at once and opens the next one. Chaining the windows would halve the
 * posts of a token every 10 ms, but hold every token but the first for half a window on
 * average, which is what the agent sees (token to paint). Any other event first sends what is
 * pending, so the order of events never changes.
 */
export function createDeltaBatch(send: (event: AgentEvent) => void, windowMs = 16) {
  let pending: TextDelta | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    const held = pending;
    pending = null;
    if (held) send(held);
  };
  const closeWindow = () => {
    timer = undefined;
    flush();
  };

  return {
    push(event: AgentEvent): void {
      if (event.type !== 'text_delta') {
        flush();
        send(event);
        return;
      }
      if (timer === undefined) {
        send(event);
        timer = setTimeout(closeWindow, windowMs);
        return;
      }
      pending = pending && pending.step === event.step ? { ...pending, delta: pending.delta + event.delta } : (flush(), event);
    },
    /** Sends what is held now (the turn ended). */
    flush(): void {
      clearTimeout(timer);
      timer = undefined;
      flush();
    },
  };
}

/**
 * The events between two model requests (the model's message, a tool's start and result, the
 * next step) are sent in the task after the one that emitted them: by then the next request
 * (or the page's tool call) has left, so the posts and what the sender does with each event (the
 * conversation's items, a stored step) no longer stand between one request and the next. A text
 * delta goes at once, after what is held: the order never changes. `flush` sends what is held now.
 */
export function createStepDefer(send: (event: AgentEvent) => void) {
  const held: AgentEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    // One at a time off the front: a send that flushes again finds only what is left.
    while (held.length) send(held.shift()!);
  };
  return {
    send(event: AgentEvent): void {
      if (event.type === 'text_delta') {
        flush();
        send(event);
        return;
      }
      held.push(event);
      timer ??= setTimeout(flush, 0);
    },
    flush,
  };
}
