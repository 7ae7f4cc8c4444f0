import { defineLazyScript } from '../lazy-script';
import { MCP_CLIENT_GLOBAL, type McpScriptModule } from './mcp-client-module';

/** Built from entrypoints/mcp-client.ts, beside background.js; kept at install (host.ts), run only when a server is configured. */
export const mcpClientScript = defineLazyScript<McpScriptModule>('/mcp-client.js', MCP_CLIENT_GLOBAL, 'MCP client');
