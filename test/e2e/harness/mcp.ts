import { afterAll, beforeAll } from 'vitest';
import { startOrderSystem, type OrderSystem } from '../../../demo/mcp/server.mjs';
import type { McpChoice } from '../../../src/core/mcp';
import { waitIn, type Driver } from './deskmate';
import { poll, type WaitOptions } from './wait';

/** The refund the model proposes for ticket 1041's duplicate charge, as action.propose's arguments. */
export const REFUND_PROPOSAL = { tool: 'payments.refund', arguments: { capture: 'cap_7Q2KX94', reason: 'duplicate charge' }, summary: 'Refund €149.00 on NW-20931' };

/** The demo order system (an MCP server) for the tests of one file: started before them, closed after. */
export function useOrderSystem(): () => OrderSystem {
  let orders: OrderSystem | undefined;
  beforeAll(async () => {
    orders = await startOrderSystem({ port: 0 });
  });
  afterAll(async () => {
    await orders?.close();
  });
  return () => {
    if (!orders) throw new Error('the order system is not started yet');
    return orders;
  };
}

/** The options page's MCP section, as a person uses it: works with either browser's page driver. */

/** Adds a server and waits until the page shows it connected (or why not, when `expect` says so). */
export async function addMcpServer(options: Driver, server: { url: string; name: string; token?: string }, expect: 'connected' | 'down' = 'connected'): Promise<void> {
  await waitIn(options, () => document.querySelector('[data-testid="mcp-url"]') !== null, null, 'the MCP section to render');
  await options.fill('[data-testid="mcp-url"]', server.url);
  await options.fill('[data-testid="mcp-name"]', server.name);
  if (server.token) await options.fill('[data-testid="mcp-token"]', server.token);
  await options.click('[data-testid="mcp-add"]');
  await waitIn(
    options,
    ({ name, expect }) => {
      const el = [...document.querySelectorAll<HTMLElement>('[data-testid="mcp-server"]')].find((s) => s.querySelector('h3')?.textContent?.startsWith(name));
      return el?.dataset.status === expect && (expect === 'down' || el.querySelectorAll('[data-testid="mcp-tool"]').length > 0);
    },
    { name: server.name, expect },
    `the MCP server ${server.name} to show as ${expect}`,
  );
}

/** A tool's standing and suggested grade, as the page shows them, by tool name. */
export function mcpTools(options: Driver): Promise<Record<string, { standing: string; suggested: string }>> {
  return options.evaluate(
    () =>
      Object.fromEntries(
        [...document.querySelectorAll<HTMLElement>('[data-testid="mcp-tool"]')].map((el) => [el.dataset.tool ?? '', { standing: el.dataset.standing ?? '', suggested: el.dataset.suggested ?? '' }]),
      ),
    null,
  );
}

/** Chooses a grade for one tool and clicks Accept (or Change), then waits until it stands so. */
export async function gradeMcpTool(options: Driver, tool: string, choice: McpChoice): Promise<void> {
  await options.evaluate(
    ({ tool, choice }) => {
      const select = document.querySelector<HTMLSelectElement>(`[data-tool="${tool}"] [data-testid="mcp-choice"]`);
      if (!select) throw new Error(`no grade for ${tool}`);
      select.value = choice;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    },
    { tool, choice },
  );
  await options.click(`[data-tool="${tool}"] [data-testid="mcp-accept"]`);
  await waitIn(options, ({ tool, choice }) => document.querySelector<HTMLElement>(`[data-tool="${tool}"]`)?.dataset.standing === choice, { tool, choice }, `${tool} to stand as ${choice}`);
}

/** What the sidebar's action cards show: phase, whether Confirm is offered, and any error. */
function actionCards(driver: Driver) {
  return driver.evaluate(
    () =>
      [...document.querySelectorAll<HTMLElement>('[data-testid="action-card"]')].map((card) => ({
        tool: card.dataset.tool ?? '',
        phase: card.dataset.phase ?? '',
        canConfirm: card.querySelector<HTMLButtonElement>('[data-testid="action-confirm-button"]')?.disabled === false,
        error: card.querySelector('[data-testid="action-error"]')?.textContent ?? null,
      })),
    null,
  );
}

/**
 * Waits until the only action card is pending with Confirm offered (after Review…), or fails
 * saying what the cards showed: still proposed (the click went elsewhere), an error, a phase.
 */
export async function theOfferedAction(driver: Driver, options?: WaitOptions): Promise<void> {
  let last: Awaited<ReturnType<typeof actionCards>> = [];
  try {
    await poll(
      async () => {
        last = await actionCards(driver);
        return last.length === 1 && last[0]!.phase === 'pending' && last[0]!.canConfirm ? true : undefined;
      },
      'one pending action card with Confirm offered',
      options,
    );
  } catch (error) {
    throw new Error(`${(error as Error).message}; the sidebar shows ${JSON.stringify(last)}`);
  }
}

/**
 * Waits until the only action card is in `phase` (say, `sent` after Confirm), or fails saying
 * what the cards showed: still pending, an error the background gave, another phase.
 */
export async function theActionEnds(driver: Driver, phase: string, options?: WaitOptions): Promise<void> {
  let last: Awaited<ReturnType<typeof actionCards>> = [];
  try {
    await poll(
      async () => {
        last = await actionCards(driver);
        return last.length === 1 && last[0]!.phase === phase ? true : undefined;
      },
      `the action card to be ${phase}`,
      options,
    );
  } catch (error) {
    throw new Error(`${(error as Error).message}; the sidebar shows ${JSON.stringify(last)}`);
  }
}
