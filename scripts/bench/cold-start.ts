import type { BrowserContext } from 'playwright-core';
import type { DemoModel } from '../../demo/model/server.mjs';
import { stopServiceWorker } from '../../test/e2e/harness/service-worker';
import type { SidePanel } from '../../test/e2e/harness/side-panel-handle';
import { measureTurn, newChat } from './turns';

/** What a stopped service worker adds to a turn: the same short turn, warm and after a stop. */
export interface ColdStartFigures {
  /** Click -> the model server received the first request, per turn (ms). */
  warmFirstRequestMs: number[];
  coldFirstRequestMs: number[];
  /** Click -> the sidebar got the first streamed text, per turn (ms). */
  warmFirstTokenMs: number[];
  coldFirstTokenMs: number[];
  /** The question's input event -> the click, per turn after a stop: the sidebar wakes the worker at the first keystroke. */
  coldTypedToClickMs: number[];
}

/**
 * Alternates a turn with the worker running and a turn right after CDP stopped it (as Chrome
 * does after 30 s idle), `pairs` times. The answer is a scripted plain text, so the turn is one
 * request and the difference is the worker's start-up: evaluating background.js, startHost, the
 * stores it reads before it can answer.
 */
export async function measureColdStart(context: BrowserContext, panel: SidePanel, model: DemoModel, pairs: number): Promise<ColdStartFigures> {
  const out: ColdStartFigures = { warmFirstRequestMs: [], coldFirstRequestMs: [], warmFirstTokenMs: [], coldFirstTokenMs: [], coldTypedToClickMs: [] };
  for (let i = 0; i < pairs; i++) {
    for (const cold of [false, true]) {
      await newChat(panel);
      if (cold) await stopServiceWorker(context);
      model.script([{ text: `Cold start check ${i + 1}, ${cold ? 'after a stop' : 'running'}.` }]);
      const turn = await measureTurn(panel, model, 'Say hello, please.');
      const click = turn.probe.clicks.find((c) => c.testid === 'chat-send')!.at;
      const firstText = turn.probe.messages.find((m) => m.event?.type === 'text_delta');
      const typed = turn.probe.inputs.find((e) => e.testid === 'chat-input');
      if (cold && typed) out.coldTypedToClickMs.push(click - typed.at);
      (cold ? out.coldFirstRequestMs : out.warmFirstRequestMs).push(turn.gaps[0]!);
      if (firstText) (cold ? out.coldFirstTokenMs : out.warmFirstTokenMs).push(firstText.at - click);
    }
  }
  return out;
}
