import type { McpChoice } from '../../../src/core/mcp';
import { waitIn, type Driver } from './deskmate';

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
