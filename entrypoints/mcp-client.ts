import { config } from 'zod/v4';
import { MCP_CLIENT_GLOBAL } from '@/src/background/mcp/mcp-client-module';
import type { McpScriptModule } from '@/src/background/mcp/mcp-client-module';
import { createMcpRuntime } from '@/src/background/mcp/mcp-runtime';

/**
 * The MCP client (the official SDK) and the connections it keeps, out of background.js: the background runs this script
 * only when an MCP server is configured (src/background/mcp/mcp-client.ts).
 */
export default defineUnlistedScript(() => {
  // zod would try `new Function` once to see whether it may compile parsers; the CSP says no, and
  // Chromium logs a violation for the try: never try.
  config({ jitless: true });
  const module: McpScriptModule = { createMcpRuntime };
  (globalThis as Record<string, unknown>)[MCP_CLIENT_GLOBAL] = module;
});
