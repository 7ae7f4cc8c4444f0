import type { ChromeApi } from '../../test/e2e/harness/chromium';
import type { SidePanel } from '../../test/e2e/harness/side-panel-handle';

declare const chrome: ChromeApi; // the panel's global, in evaluated functions

/**
 * Tool-call round trips from the sidebar: `tool.invoke ticket.read` through the background to
 * the content script of the tab and back, one after another, timed in the panel.
 */
export async function measureToolRoundTrips(panel: SidePanel, count: number, warmup = 20): Promise<number[]> {
  // In batches: one evaluate of hundreds of calls can outlast the harness's evaluate timeout on a busy machine.
  const times: number[] = [];
  for (let done = 0; done < count; done += 25) times.push(...(await roundTrips(panel, Math.min(25, count - done), done === 0 ? warmup : 0)));
  return times;
}

async function roundTrips(panel: SidePanel, count: number, warmup: number): Promise<number[]> {
  const result = await panel.evaluate(
    async ({ tabId, count, warmup }: { tabId: number; count: number; warmup: number }) => {
      const times: number[] = [];
      let error: string | null = null;
      for (let i = 0; i < warmup + count; i++) {
        const start = performance.now();
        const envelope = (await chrome.runtime.sendMessage({ type: 'tool.invoke', tabId, tool: 'ticket.read', input: {} })) as {
          ok: boolean;
          value?: { ok: boolean; error?: string };
          error?: string;
        };
        const took = performance.now() - start;
        if (!envelope?.ok || !envelope.value?.ok) {
          error = envelope?.error ?? envelope?.value?.error ?? 'no answer';
          break;
        }
        if (i >= warmup) times.push(took);
      }
      return { times, error };
    },
    { tabId: panel.tabId, count, warmup },
  );
  if (result.error !== null) throw new Error(`tool.invoke ticket.read failed: ${result.error}`);
  return result.times;
}
