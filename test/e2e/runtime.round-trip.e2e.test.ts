import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openExtensionPage, tabIdOf, type ChromeApi, type ChromiumHarness } from './harness/chromium';
import { openTicket, pageDriver, startDemoHelpdesk, ticketShown, TICKET_1, type DemoHelpdesk } from './harness/deskmate';

declare const chrome: ChromeApi;

const WARM_UP = 20;
const CALLS = 200;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * A figure for the note, not a limit: the round trip of a page tool call from the sidebar
 * (sidepanel.html?tab=N) to the background, into the ticket's page and back.
 */
describe('runtime.round-trip: sidebar -> background -> page -> back', () => {
  let chromium: ChromiumHarness;
  let helpdesk: DemoHelpdesk;

  beforeAll(async () => {
    helpdesk = await startDemoHelpdesk();
    chromium = await launchChromium();
  });
  afterAll(async () => {
    await chromium?.close();
    await helpdesk?.close();
  });

  it(`times ${CALLS} ticket.read calls after ${WARM_UP} warm-up calls`, async () => {
    const page = await openTicket(chromium.context, helpdesk, TICKET_1.id);
    const tabId = await tabIdOf(page, { via: chromium.serviceWorker });
    const sidebar = await openExtensionPage(chromium.context, chromium.extensionId, `sidepanel.html?tab=${tabId}`);
    await ticketShown(pageDriver(sidebar), tabId, TICKET_1.label);

    const run = await sidebar.evaluate(
      async ({ tabId, warmUp, calls }) => {
        const call = () => chrome.runtime.sendMessage({ type: 'tool.invoke', tabId, tool: 'ticket.read', input: {} });
        type Answer = { ok: boolean; value?: { ok: boolean; data?: { subject?: string } } } | undefined;
        const good = (a: Answer) => a?.ok === true && a.value?.ok === true;
        const failures: unknown[] = [];
        for (let i = 0; i < warmUp; i++) {
          const answer = (await call()) as Answer;
          if (!good(answer)) failures.push(answer);
        }
        const times: number[] = [];
        let subject = '';
        for (let i = 0; i < calls; i++) {
          const start = performance.now();
          const answer = (await call()) as Answer;
          times.push(performance.now() - start);
          if (!good(answer)) failures.push(answer);
          else subject = answer?.value?.data?.subject ?? '';
        }
        return { times, failures, subject };
      },
      { tabId, warmUp: WARM_UP, calls: CALLS },
    );

    expect(run.failures).toEqual([]);
    expect(run.times).toHaveLength(CALLS);
    expect(run.subject).toBe(TICKET_1.subject);
    const sorted = [...run.times].sort((a, b) => a - b);
    const p50 = percentile(sorted, 50);
    const p95 = percentile(sorted, 95);
    console.log(
      `tool.invoke ticket.read round trip (sidepanel.html?tab=N -> background -> content script -> back), ` +
        `${CALLS} calls after ${WARM_UP} warm-up: p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, ` +
        `min ${sorted[0]!.toFixed(2)} ms, max ${sorted.at(-1)!.toFixed(2)} ms`,
    );
    await sidebar.close();
    await page.close();
  });
});
