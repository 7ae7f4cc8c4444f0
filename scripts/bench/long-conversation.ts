import type { BrowserContext, Page } from 'playwright-core';
import type { DemoModel } from '../../demo/model/server.mjs';
import { attachToTarget, type TargetSession } from '../../test/e2e/harness/cdp-target';
import type { SidePanel } from '../../test/e2e/harness/side-panel-handle';
import { poll } from '../../test/e2e/harness/wait';
import { waitForTicketInPanel } from '../demo/panel-reads';
import { sourceMaps, summarizeProfile, type Profile } from './profile';
import { measureTurn, newChat } from './turns';

/** The words of one measured answer: each is a streamed token of the figure "per token". */
const WORDS = 60;

/** One measured turn of the long conversation. */
export interface LongTurn {
  /** Its question's number (1 = the first of the conversation). */
  question: number;
  ownMs: number;
  /** The self time of the sidebar's own scripts during the turn (CDP sampling profile, 0.1 ms), per streamed word. */
  panelScriptMsPerToken: number;
  /** Bytes of the conversation's records each storage write of the turn carried (JSON), on average. */
  bytesPerWrite: number;
  writes: number;
}

export interface LongConversationFigures {
  questions: number;
  /** Question 1 of a fresh conversation on another ticket, each measured between two of `long`. */
  fresh: LongTurn[];
  /** Questions past `questions` of the long conversation, each after one of `fresh`. */
  long: LongTurn[];
  /** The long conversation's own first questions, measured as it started (not interleaved). */
  firstOfLong: LongTurn[];
  /** After the long conversation (a garbage collection first): MB of JS heap used, and the panel's DOM elements. */
  panelHeapMb: number;
  workerHeapMb: number;
  panelDomNodes: number;
}

// Numbers of one width: question 1 and question 101 write records of the same size.
const num = (n: number) => String(n).padStart(3, '0');
export const answer = (n: number) => `**Answer ${num(n)}.** ${Array.from({ length: WORDS - 2 }, (_, i) => `w${num(n)}x${String(i + 1).padStart(2, '0')}`).join(' ')}`;
export const question = (n: number) => `Question ${num(n)}: what does the customer want?`;

/**
 * A conversation of `questions` questions on one ticket, each answered with 60 words of Markdown,
 * then `pairs` pairs of turns measured alike (own time, the panel's own script time per streamed
 * word, the bytes each storage write of the conversation carried): question 1 of a fresh
 * conversation on another ticket of the same tab, then the next question of the long one. Taken in
 * turns, so a change in the machine's load falls on both sides of the ratio.
 */
export async function measureLongConversation(run: { context: BrowserContext; extensionId: string; extensionDir: string; panel: SidePanel; page: Page; model: DemoModel; longUrl: string; freshUrl: string }, questions = 100, pairs = 11): Promise<LongConversationFigures> {
  const { context, extensionId, panel, page, model } = run;
  await showConversation(panel, page, run.longUrl, null);
  await newChat(panel);
  const browserSession = await context.browser()!.newBrowserCDPSession();
  const { targetInfos } = (await browserSession.send('Target.getTargets')) as { targetInfos: { targetId: string; type: string; url: string }[] };
  const sw = targetInfos.find((t) => t.type === 'service_worker' && t.url.startsWith(`chrome-extension://${extensionId}/`));
  if (!sw) throw new Error('long conversation: the extension service worker is not running');
  const panelCdp = await attachToTarget(browserSession, panel.targetId, 'side panel (long conversation)', 30_000);
  const workerCdp = await attachToTarget(browserSession, sw.targetId, 'service worker (long conversation)', 30_000);
  const resolve = sourceMaps(run.extensionDir);
  try {
    await panelCdp.send('Profiler.enable');
    await panelCdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await panel.evaluate(() => {
      const w = window as unknown as { benchWrites?: number[] };
      if (w.benchWrites) return;
      w.benchWrites = [];
      chrome.storage.session.onChanged.addListener((changes) => {
        let bytes = 0;
        for (const [key, change] of Object.entries(changes)) if (key.startsWith('chat:') && change.newValue !== undefined) bytes += key.length + JSON.stringify(change.newValue).length;
        if (bytes) w.benchWrites!.push(bytes);
      });
    });
    const one = (n: number) => measureOne(panel, panelCdp, resolve, model, n);
    const firstOfLong: LongTurn[] = [];
    for (let n = 1; n <= questions; n++) {
      if (n <= pairs) firstOfLong.push(await one(n));
      else {
        model.script([{ text: answer(n) }]);
        await measureTurn(panel, model, question(n));
      }
    }
    const fresh: LongTurn[] = [];
    const long: LongTurn[] = [];
    for (let k = 1; k <= pairs; k++) {
      await showConversation(panel, page, run.freshUrl, k === 1 ? null : 1);
      if (k > 1) await newChat(panel);
      fresh.push(await one(1));
      await showConversation(panel, page, run.longUrl, questions + k - 1);
      long.push(await one(questions + k));
    }
    const heapMb = async (s: TargetSession) => {
      await s.send('HeapProfiler.collectGarbage');
      const { usedSize } = await s.send<{ usedSize: number }>('Runtime.getHeapUsage');
      return usedSize / 1_048_576;
    };
    return {
      questions,
      fresh,
      long,
      firstOfLong,
      panelHeapMb: await heapMb(panelCdp),
      workerHeapMb: await heapMb(workerCdp),
      panelDomNodes: await panel.evaluate(() => document.getElementsByTagName('*').length),
    };
  } finally {
    await panelCdp.detach().catch(() => undefined);
    await workerCdp.detach().catch(() => undefined);
    await browserSession.detach().catch(() => undefined);
  }
}

/** The tab on `url`, and the panel showing its conversation: `asked` questions in it (null: any). */
export async function showConversation(panel: SidePanel, page: Page, url: string, asked: number | null): Promise<void> {
  if (page.url() !== url) await page.goto(url);
  await waitForTicketInPanel(panel, 15_000);
  await poll(
    () =>
      panel.evaluate(
        (n: number | null) => (!!document.querySelector('[data-testid="chat-send"]') && (n === null || document.querySelectorAll('[data-testid="user-message"]').length === n)) || undefined,
        asked,
      ),
    `the panel to show the conversation of ${url}${asked === null ? '' : ` (${asked} questions)`}`,
    { timeoutMs: 20_000 },
  );
}

/** The sidebar's own code (its bundle and chunks) in a CPU profile of the panel: ms of self time. */
const ownScriptMs = (profile: Profile, resolve: ReturnType<typeof sourceMaps>) =>
  summarizeProfile('side panel', profile, resolve).byFile.filter((f) => /^(chunks|sidepanel)/.test(f.file)).reduce((a, f) => a + f.selfMs, 0);

async function measureOne(panel: SidePanel, cdp: TargetSession, resolve: ReturnType<typeof sourceMaps>, model: DemoModel, n: number): Promise<LongTurn> {
  model.script([{ text: answer(n) }]);
  await panel.evaluate(() => void (window as unknown as { benchWrites: number[] }).benchWrites.splice(0));
  await cdp.send('Profiler.start');
  const turn = await measureTurn(panel, model, question(n));
  const { profile } = await cdp.send<{ profile: Profile }>('Profiler.stop');
  const writes = await panel.evaluate(() => (window as unknown as { benchWrites: number[] }).benchWrites.slice());
  return {
    question: n,
    ownMs: turn.ownMs,
    panelScriptMsPerToken: ownScriptMs(profile, resolve) / WORDS,
    bytesPerWrite: writes.length ? writes.reduce((a, b) => a + b, 0) / writes.length : 0,
    writes: writes.length,
  };
}

declare const chrome: {
  storage: { session: { onChanged: { addListener(fn: (changes: Record<string, { newValue?: unknown }>) => void): void } } };
};
