import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker-provider.js';
import { McpError, ErrorCode, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { McpToolDefinition } from '../../core/mcp';
import type { McpCallValue, McpClientModule, McpConnectOptions, McpFailure, McpLimits, McpSession } from './mcp-client-module';

/**
 * The MCP client, built into its own script (entrypoints/mcp-client.ts). The SDK's default
 * JSON Schema validator (ajv) compiles schemas with `new Function`, which the extension's CSP
 * forbids in both browsers: the cfworker validator interprets them instead.
 */
export const mcpClientModule: McpClientModule = {
  async connect(options) {
    // An answer past the limit may come in an SSE stream, whose errors the SDK only logs: the
    // connection is closed then, so every request waiting on it fails at once, and says why.
    const state: { tooBig: TooBig | null; client?: Client } = { tooBig: null };
    const transport = new StreamableHTTPClientTransport(new URL(options.url), {
      fetch: boundedFetch(options.limits.maxBytes, (error) => {
        state.tooBig ??= error;
        void state.client?.close().catch(() => undefined);
      }),
      requestInit: options.token ? { headers: { Authorization: `Bearer ${options.token}` } } : {},
    });
    const client = new Client({ name: 'deskmate', version: '0.1.0' }, { capabilities: {}, jsonSchemaValidator: new CfWorkerJsonSchemaValidator() });
    client.setNotificationHandler(ToolListChangedNotificationSchema, async () => options.onToolsChanged());
    state.client = client;
    client.onclose = () => options.onClosed(state.tooBig ? failure(state.tooBig, options.limits) : undefined);
    try {
      await client.connect(transport, { timeout: options.limits.timeoutMs });
    } catch (error) {
      await client.close().catch(() => undefined);
      return failure(state.tooBig ?? error, options.limits);
    }
    return { ok: true, session: session(client, options, state) };
  },
};

function session(client: Client, options: McpConnectOptions, state: { tooBig: TooBig | null }): McpSession {
  const limits = options.limits;
  const info = client.getServerVersion();
  return {
    serverInfo: { name: String(info?.name ?? ''), version: String(info?.version ?? '') },
    async listTools() {
      try {
        const tools: McpToolDefinition[] = [];
        let leftOut = 0;
        let cursor: string | undefined;
        // Pages until the list ends; past maxTools the rest is only counted, and at most 50 pages are read.
        for (let page = 0; page < 50; page++) {
          const r = await client.listTools(cursor ? { cursor } : {}, { timeout: limits.timeoutMs });
          for (const t of r.tools) {
            if (tools.length < limits.maxTools) tools.push(definitionOf(t));
            else leftOut++;
          }
          cursor = r.nextCursor;
          if (!cursor) break;
        }
        return { ok: true, tools, leftOut };
      } catch (error) {
        return failure(state.tooBig ?? error, limits);
      }
    },
    async callTool(name, args, signal) {
      try {
        const r = await client.callTool({ name, arguments: args }, undefined, { timeout: limits.timeoutMs, ...(signal ? { signal } : {}) });
        return { ok: true, value: valueOf(r as { content?: unknown; structuredContent?: unknown; isError?: unknown }) };
      } catch (error) {
        return failure(state.tooBig ?? error, limits);
      }
    },
    close: () => client.close(),
  };
}

/** Only the parts a person decides on; anything else the server sends is not kept. */
function definitionOf(t: { name: string; title?: string; description?: string; inputSchema: unknown; annotations?: Record<string, unknown> }): McpToolDefinition {
  const a = t.annotations ?? {};
  const annotations: McpToolDefinition['annotations'] = {};
  for (const key of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) {
    if (typeof a[key] === 'boolean') annotations[key] = a[key] as boolean;
  }
  if (typeof a.title === 'string') annotations.title = a.title;
  return {
    name: t.name,
    ...(typeof t.title === 'string' ? { title: t.title } : {}),
    ...(typeof t.description === 'string' ? { description: t.description } : {}),
    inputSchema: t.inputSchema,
    ...(Object.keys(annotations).length ? { annotations } : {}),
  };
}

function valueOf(r: { content?: unknown; structuredContent?: unknown; isError?: unknown }): McpCallValue {
  const parts = Array.isArray(r.content) ? (r.content as { type?: string; text?: unknown }[]) : [];
  const text = parts.map((p) => (p.type === 'text' && typeof p.text === 'string' ? p.text : `[${String(p.type ?? 'unknown')} content, not shown]`)).join('\n\n');
  return { isError: r.isError === true, text, ...(r.structuredContent !== undefined ? { structured: r.structuredContent } : {}) };
}

class TooBig extends Error {
  constructor(max: number) {
    super(`The server's answer was larger than ${Math.round(max / 1_000_000)} MB and was dropped.`);
  }
}

/** fetch, with every response body cut off (an error, not a shorter body) past `max` bytes. */
function boundedFetch(max: number, onTooBig: (error: TooBig) => void): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const length = Number(response.headers.get('content-length') ?? NaN);
    if (length > max) {
      await response.body?.cancel().catch(() => undefined);
      const error = new TooBig(max);
      onTooBig(error);
      throw error;
    }
    if (!response.body || [204, 205, 304].includes(response.status)) return response;
    let seen = 0;
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength;
          if (seen <= max) return controller.enqueue(chunk);
          const error = new TooBig(max);
          controller.error(error);
          onTooBig(error);
        },
      }),
    );
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

function failure(error: unknown, limits: McpLimits): McpFailure {
  const detail = error instanceof Error ? error.message : String(error);
  if (error instanceof TooBig || /larger than .* MB/.test(detail)) return { ok: false, problem: 'too_big', detail };
  if (error instanceof StreamableHTTPError && (error.code === 401 || error.code === 403)) return { ok: false, problem: 'unauthorized', detail };
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
    return { ok: false, problem: 'timeout', detail: `No answer within ${Math.round(limits.timeoutMs / 1000)} s.` };
  }
  if (error instanceof TypeError) return { ok: false, problem: 'unreachable', detail };
  return { ok: false, problem: 'protocol', detail };
}
