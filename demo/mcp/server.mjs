// @ts-check
/**
 * The demo order system: an MCP server (Streamable HTTP, the official SDK's server side) on
 * loopback with Northwind's orders and card payments for the demo tickets' customers.
 * `orders.get` and `payments.list` only read; `payments.refund` moves money.
 *
 *   node demo/mcp/server.mjs [--port 4519] [--token secret]
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createOrderBook } from './orders.mjs';
import { DESCRIPTIONS, registerTools } from './tools.mjs';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * @param {{ port?: number, host?: string, token?: string, behaviour?: import('./tools.mjs').Behaviour }} [options]
 */
export async function startOrderSystem({ port = 4519, host = '127.0.0.1', token, behaviour = {} } = {}) {
  if (!LOOPBACK.has(host)) throw new Error(`The demo order system listens on loopback only, not on ${host}.`);
  const book = createOrderBook();
  const descriptions = { ...DESCRIPTIONS };
  /** @type {{ at: string, tool: string, args: unknown }[]} */
  const calls = [];
  /** @type {string[]} */
  const authorizations = [];
  /** @type {Map<string, { transport: StreamableHTTPServerTransport, tools: ReturnType<typeof registerTools> }>} */
  const sessions = new Map();

  const newSession = async () => {
    const server = new McpServer({ name: 'northwind-orders', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } });
    const tools = registerTools(server, book, behaviour, descriptions, (tool, args) => calls.push({ at: new Date().toISOString(), tool, args }));
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void sessions.set(id, { transport, tools }),
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    return transport;
  };

  const http = createServer(async (req, res) => {
    try {
      const hostName = new URL(`http://${req.headers.host ?? ''}`).hostname.replace(/^\[|\]$/g, '');
      if (!LOOPBACK.has(hostName)) return void res.writeHead(421).end();
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
      if (path === '/_control/log' && req.method === 'GET' && !req.headers.origin) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ calls, refunds: book.refunds(), authorizations }));
      }
      if (path !== '/mcp') return void res.writeHead(404).end();
      authorizations.push(String(req.headers.authorization ?? ''));
      if (token && req.headers.authorization !== `Bearer ${token}`) {
        res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' });
        return void res.end(JSON.stringify({ error: 'invalid_token', error_description: 'The bearer token is missing or wrong.' }));
      }
      const id = req.headers['mcp-session-id'];
      const known = typeof id === 'string' ? sessions.get(id) : undefined;
      if (typeof id === 'string' && !known) {
        res.writeHead(404, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null }));
      }
      const transport = known?.transport ?? (await newSession());
      await transport.handleRequest(req, res);
    } catch (error) {
      if (!res.headersSent) res.writeHead(500).end(String(error));
      else res.destroy();
    }
  });
  await new Promise((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, host, () => resolve(undefined));
  });
  const address = /** @type {import('node:net').AddressInfo} */ (http.address());
  const origin = `http://${address.address}:${address.port}`;
  return {
    url: `${origin}/mcp`,
    origin,
    /** Every tool call received, oldest first. */
    calls: () => calls.slice(),
    /** Every refund made, oldest first. */
    refunds: () => book.refunds(),
    /** The Authorization header of every MCP request ('' for none), oldest first. */
    authorizations: () => authorizations.slice(),
    /** A changed definition, as a server that updates (or turns) a tool would: every session is told the list changed. */
    describe(/** @type {keyof typeof DESCRIPTIONS} */ tool, /** @type {string} */ description) {
      descriptions[tool] = description;
      for (const s of sessions.values()) s.tools[tool].update({ description });
    },
    close: () =>
      new Promise((resolve) => {
        for (const s of sessions.values()) void s.transport.close();
        http.close(() => resolve(undefined));
        http.closeAllConnections();
      }),
  };
}

async function main() {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '4519' }, host: { type: 'string', default: '127.0.0.1' }, token: { type: 'string' } } });
  const system = await startOrderSystem({ port: Number(values.port), host: values.host, ...(values.token ? { token: values.token } : {}) });
  console.log(`Demo order system (MCP) on ${system.url}`);
  const stop = () => system.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
