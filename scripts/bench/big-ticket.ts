import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import ts from 'typescript';
import type { ChromeApi } from '../../test/e2e/harness/chromium';
import type { SidePanel } from '../../test/e2e/harness/side-panel-handle';
import { ROOT } from '../../test/e2e/harness/paths';
import { poll } from '../../test/e2e/harness/wait';
import { threadHtml } from '../../test/sites/thread-html';

declare const chrome: ChromeApi; // the panel's global, in evaluated functions

export interface BigTicketFigures {
  /** Characters of HTML in the one customer message. */
  htmlChars: number;
  /** Characters of text ticket.read returned for the thread (that message, cut at the readers' limit, and the ticket's own few). */
  textChars: number;
  /** tool.invoke ticket.read from the sidebar, through the background to the page and back. */
  readMs: number[];
  /** The longest the page's own event loop waited (a 5 ms timer's gap) during each read. */
  blockedMs: number[];
  /** src/sites/dom/dom-text.ts's messageText (what the thread readers use) alone on the message, in the page. */
  extractMs: number[];
  /** The same with no limit: elementText over the whole message. */
  extractWholeMs: number[];
}

/**
 * `ticket.read` on a thread with one 1 MB customer message, in a real Chromium tab of the demo
 * helpdesk: the extension's real content script extracts the text (src/sites/dom/dom-text.ts). The
 * message is added to the page's thread in the page itself, as the helpdesk would render it.
 */
export async function measureBigTicketRead(context: BrowserContext, panel: SidePanel, ticketUrl: string, bytes = 1_000_000, runs = 5): Promise<BigTicketFigures> {
  const url = `${ticketUrl}?bench=big-thread`;
  const page = await context.newPage();
  try {
    await page.goto(url);
    await page.waitForSelector('.hd-thread');
    const html = threadHtml(bytes);
    await page.evaluate((html) => {
      const message = document.createElement('article');
      message.className = 'hd-message';
      message.setAttribute('data-role', 'customer');
      message.innerHTML = `<div class="hd-message-main"><header class="hd-message-header"><span class="hd-message-author">Long Mail</span><time class="hd-message-time" datetime="2025-03-18T07:21:00Z">now</time></header><div class="hd-message-body"></div></div>`;
      message.querySelector('.hd-message-body')!.innerHTML = html;
      document.querySelector('.hd-thread')!.append(message);
      // The page's own clock: how long its event loop is kept waiting.
      const w = window as unknown as { benchGap: number };
      w.benchGap = 0;
      let last = performance.now();
      setInterval(() => {
        const now = performance.now();
        w.benchGap = Math.max(w.benchGap, now - last);
        last = now;
      }, 5);
    }, html);
    // Style and layout of the new megabyte happen on the next frames: not part of any read.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 300)))));
    const tabId = await poll(
      () => panel.evaluate((u: string) => chrome.tabs.query({ url: u }).then((tabs) => tabs[0]?.id), url),
      'the big ticket tab',
    );
    await poll(
      () =>
        panel.evaluate(
          (tabId: number) =>
            chrome.runtime
              .sendMessage({ type: 'view.get', tabId })
              .then((e) => ((e as { value?: { tools?: { name: string }[] } }).value?.tools ?? []).some((t) => t.name === 'ticket.read') || undefined),
          tabId,
        ),
      'ticket.read on the big ticket tab',
    );
    const figures: BigTicketFigures = { htmlChars: html.length, textChars: 0, readMs: [], blockedMs: [], extractMs: [], extractWholeMs: [] };
    for (let i = 0; i < runs; i++) {
      await page.evaluate(() => void ((window as unknown as { benchGap: number }).benchGap = 0));
      const read = await panel.evaluate(async (tabId: number) => {
        const start = performance.now();
        const envelope = (await chrome.runtime.sendMessage({ type: 'tool.invoke', tabId, tool: 'ticket.read', input: {} })) as {
          ok: boolean;
          value?: { ok: boolean; error?: string; data?: { messages?: { body: string }[] }; rest?: { total: number } };
          error?: string;
        };
        const ms = performance.now() - start;
        const error = envelope.ok ? (envelope.value?.ok ? null : (envelope.value?.error ?? 'failed')) : (envelope.error ?? 'no answer');
        // A big thread comes to the panel in parts; `rest` says how long the whole is.
        const whole = (envelope.value?.data?.messages ?? []).reduce((n, m) => n + m.body.length, 0);
        return { ms, error, chars: envelope.value?.rest?.total ?? whole };
      }, tabId);
      if (read.error) throw new Error(`ticket.read on the 1 MB thread failed: ${read.error}`);
      figures.readMs.push(read.ms);
      figures.textChars = read.chars;
      figures.blockedMs.push(await page.evaluate(() => (window as unknown as { benchGap: number }).benchGap));
    }
    figures.extractMs = await extractionAlone(page, runs, 'messageText');
    figures.extractWholeMs = await extractionAlone(page, runs, 'elementText');
    return figures;
  } finally {
    await page.close();
  }
}

/**
 * The extraction without the messaging: the same source files (the text builder, then the walk
 * that imports only it) as one script, transpiled as they are, run in the page's main world on
 * the 1 MB message.
 */
async function extractionAlone(page: Page, runs: number, name: 'messageText' | 'elementText'): Promise<number[]> {
  const source = ['text-builder.ts', 'dom-text.ts']
    .map((file) => readFileSync(join(ROOT, 'src', 'sites', 'dom', file), 'utf8'))
    .join('\n')
    .replace(/^import .*$|^export \{.*\};$/gm, '');
  const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
  // Evaluated over CDP, which the helpdesk's CSP (script-src 'self') does not apply to.
  await page.evaluate(`(() => { ${js.replace(/^export /gm, '')}\nwindow.benchElementText = ${name}; })()`);
  return page.evaluate((runs: number) => {
    const body = document.querySelector('.hd-message:last-child .hd-message-body');
    const extract = (window as unknown as { benchElementText: (n: Node | null) => string }).benchElementText;
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      extract(body);
      times.push(performance.now() - start);
    }
    return times;
  }, runs);
}
