import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  launchChromium,
  openRealSidePanel,
  serviceWorkerStatus,
  stopServiceWorker,
  type ChromiumHarness,
} from './harness/chromium';
import { ask, chatView, configureChromium, messagesOf, RETRY, startModel, turnEnded, waitForChat, type ModelForExtension } from './harness/chat';
import { openTicket, startDemoHelpdesk, TICKET_1, TICKET_2, type DemoHelpdesk } from './harness/deskmate';
import { poll } from './harness/wait';

const HELLO_ANSWER = 'Hello! I can help with ticket 1041.';
const ORDER_ANSWER = 'The order number is NW-20931.';
const FINAL_ANSWER = 'Yes, the conversation goes on.';
/** About 300 word-sized chunks at 40 ms: streams for seconds, long enough to stop the worker in. */
const LONG_ANSWER = Array.from({ length: 300 }, (_, i) => `word${i}`).join(' ');

/** The chat lives in storage.session: a stopped service worker does not lose the conversation. */
describe('agent.restart: the service worker stops mid-conversation', () => {
  let chromium: ChromiumHarness;
  let helpdesk: DemoHelpdesk;
  let m: ModelForExtension;

  beforeAll(async () => {
    helpdesk = await startDemoHelpdesk();
    m = await startModel({ chunkDelayMs: 40 });
    chromium = await launchChromium();
    await configureChromium(chromium.context, chromium.extensionId, m);
  });
  afterAll(async () => {
    await chromium?.close();
    await m?.model.close();
    await helpdesk?.close();
  });
  beforeEach(async () => {
    await helpdesk.reset();
    m.model.reset();
  });

  it('restores the conversation after a stop between turns and one mid-answer, and goes on', async () => {
    const { model } = m;
    model.script([{ text: HELLO_ANSWER }, { text: ORDER_ANSWER }, { text: LONG_ANSWER }, { text: FINAL_ANSWER }]);
    const page = await openTicket(chromium.context, helpdesk, TICKET_1.id);
    let panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    await panel.waitFor('[data-testid="chat-input"]');

    // Turn 1.
    await ask(panel, 'hello');
    let view = await turnEnded(panel, 'the answer to "hello"');
    expect(view.assistants.map((a) => a.text.trim())).toEqual([HELLO_ANSWER]);

    // Stop between turns; the panel is closed and reopened on the restarted worker.
    await panel.close();
    await stopServiceWorker(chromium.context);
    expect(await serviceWorkerStatus(chromium.context)).toBe('stopped');
    panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    view = await waitForChat(panel, (v) => v.users.length === 1 && v.assistants.length === 1, 'the restored conversation');
    expect(view.users).toEqual(['hello']);
    expect(view.assistants[0]!.text.trim()).toBe(HELLO_ANSWER);
    expect(view.errors).toEqual([]);

    // Turn 2 on the restarted worker: the model is sent turn 1 too.
    await ask(panel, 'What is the order number?');
    view = await turnEnded(panel, 'the answer to the second question');
    expect(view.assistants.map((a) => a.text.trim())).toEqual([HELLO_ANSWER, ORDER_ANSWER]);
    const second = messagesOf(model.requests()[1]).filter((x) => x.role !== 'system');
    expect(second).toEqual([
      { role: 'user', content: 'hello' },
      { role: 'assistant', content: HELLO_ANSWER },
      { role: 'user', content: 'What is the order number?' },
    ]);

    // Turn 3 streams slowly; the worker is stopped while it streams.
    await ask(panel, 'Tell me everything.');
    await waitForChat(panel, (v) => v.assistants.length === 3 && v.assistants[2]!.streaming && v.assistants[2]!.text.includes('word5'), 'the third answer to be streaming');
    await stopServiceWorker(chromium.context);
    // The server saw the connection drop, before the full answer was written.
    await poll(() => (model.timings()[2]?.endedAt ? true : undefined), 'the model to see the third request end');
    const written = model.timings()[2]!.chunks.map((c) => c.text).join('');
    expect(written.length).toBeLessThan(LONG_ANSWER.length);

    // The open sidebar, whose port the stop cut mid-answer, connects again by itself and shows
    // how the turn ended, with nothing clicked or typed; so does a sidebar opened again.
    const interrupted = async (what: string) => {
      const shown = await waitForChat(panel, (v) => v.errors.length === 1 && !v.running, what);
      expect(shown.users).toEqual(['hello', 'What is the order number?', 'Tell me everything.']);
      expect(shown.assistants.slice(0, 2).map((a) => a.text.trim())).toEqual([HELLO_ANSWER, ORDER_ANSWER]);
      expect(shown.assistants.every((a) => !a.streaming)).toBe(true);
      expect(shown.errors[0]).toMatchObject({ kind: 'interrupted', retry: true });
      expect(await panel.evaluate((s: string) => document.querySelectorAll(s).length, RETRY)).toBeGreaterThan(0);
      return shown;
    };
    await interrupted('the open sidebar to show the interrupted turn');
    expect(await serviceWorkerStatus(chromium.context)).toBe('running');
    await panel.close();
    panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    view = await interrupted('a sidebar opened again to show the interrupted turn');

    // A new question: answered, with the whole conversation sent to the model.
    await ask(panel, 'Are you still there?');
    view = await turnEnded(panel, 'the answer after the interruption');
    expect(view.assistants.at(-1)!.text.trim()).toBe(FINAL_ANSWER);
    expect(view.users.at(-1)).toBe('Are you still there?');
    expect(model.requests()).toHaveLength(4);
    const fourth = messagesOf(model.requests()[3]).filter((x) => x.role !== 'system');
    expect(fourth.slice(0, 3)).toEqual(second);
    expect(fourth.map((x) => x.content)).toEqual(expect.arrayContaining([ORDER_ANSWER, 'Tell me everything.']));
    expect(fourth.at(-1)).toEqual({ role: 'user', content: 'Are you still there?' });
    // The old error stays in the log, but its Retry is gone: actions belong to the end.
    const after = await chatView(panel);
    expect(after.errors.map((e) => [e.kind, e.retry])).toEqual([['interrupted', false]]);
    expect(await panel.evaluate((s: string) => document.querySelectorAll(s).length, RETRY)).toBe(0);

    await panel.close();
    await page.close();
  });

  it('starts a stopped worker while the agent types the question, before the send', async () => {
    const { model } = m;
    model.script([{ text: HELLO_ANSWER }]);
    const page = await openTicket(chromium.context, helpdesk, TICKET_2.id);
    const panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    await panel.waitFor('[data-testid="chat-input"]');

    // The panel stays open: its port is cut by the stop, and nothing else wakes the worker. A
    // request the panel was still making as it opened may start it once more: stopped again.
    await poll(async () => {
      await stopServiceWorker(chromium.context);
      await new Promise((r) => setTimeout(r, 500));
      return (await serviceWorkerStatus(chromium.context)) === 'stopped' ? true : undefined;
    }, 'the worker to stay stopped while the panel is open and nothing is typed');

    await panel.fill('[data-testid="chat-input"]', 'hello');
    await poll(async () => ((await serviceWorkerStatus(chromium.context)) === 'running' ? true : undefined), 'the worker to start while the question is typed');
    expect(model.requests()).toHaveLength(0);

    await panel.click('[data-testid="chat-send"]');
    const view = await turnEnded(panel, 'the answer to "hello"');
    expect(view.users).toEqual(['hello']);
    expect(view.assistants.map((a) => a.text.trim())).toEqual([HELLO_ANSWER]);
    expect(view.errors).toEqual([]);
    expect(model.requests()).toHaveLength(1);

    await panel.close();
    await page.close();
  });
});
