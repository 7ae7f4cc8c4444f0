// @ts-check
/**
 * The offline demo model: an OpenAI-compatible server on loopback that plays a deterministic,
 * scripted assistant (read the ticket, search the knowledge base, propose a reply), so the
 * whole product works without an API key. Tests can queue canned responses instead.
 *
 *   node demo/model/server.mjs [--port 4518] [--host 127.0.0.1] [--chunk-delay 10] [--behave no-tools,text-answers,reasoning,fabricate-citation,no-past-tickets]
 */
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { BAD_KEY, handleChat } from './chat.mjs';
import { DEMO_MODEL_ID } from './demo-brain.mjs';
import { bearerToken, corsHeaders, isLoopbackHost, LOOPBACK, readJson, sendError, sendJson } from './http.mjs';
import { createState } from './script.mjs';

/** @typedef {import('node:http').IncomingMessage} Req */
/** @typedef {import('node:http').ServerResponse} Res */
/** @typedef {{ state: import('./script.mjs').State, headers: Record<string, string>, chunkDelayMs: number }} Ctx */

const MODEL = { id: DEMO_MODEL_ID, object: 'model', created: 1735689600, owned_by: 'deskmate' };

/** @type {[string, RegExp, (req: Req, res: Res, ctx: Ctx, m: RegExpExecArray) => unknown][]} */
const ROUTES = [
  ['GET', /^(?:\/v1)?\/models\/?$/, (_q, res, { headers }) => sendJson(res, 200, { object: 'list', data: [MODEL] }, headers)],
  ['GET', /^(?:\/v1)?\/models\/([^/]+)$/, (_q, res, { headers }, m) =>
    decodeURIComponent(m[1] ?? '') === DEMO_MODEL_ID
      ? sendJson(res, 200, MODEL, headers)
      : sendError(res, 404, headers, `The model '${m[1]}' does not exist`, 'model_not_found')],
  ['POST', /^(?:\/v1)?\/chat\/completions\/?$/, (req, res, ctx) => handleChat(req, res, ctx)],
  ['POST', /^\/_control\/script$/, async (req, res, { state }) => sendJson(res, 200, { ok: true, queued: state.setScript(await readJson(req)) }, {})],
  ['POST', /^\/_control\/release-cut$/, (_q, res, { state }) => { state.releaseCut(); sendJson(res, 200, { ok: true }, {}); }],
  ['POST', /^\/_control\/reset$/, (_q, res, { state }) => { state.reset(); sendJson(res, 200, { ok: true }, {}); }],
  ['POST', /^\/_control\/behaviour$/, async (req, res, { state }) => sendJson(res, 200, { ok: true, behaviour: state.setBehaviour(await readJson(req)) }, {})],
  ['GET', /^\/_control\/requests$/, (_q, res, { state }) => sendJson(res, 200, state.requests(), {})],
  ['GET', /^\/_control\/timings$/, (_q, res, { state }) => sendJson(res, 200, state.timings(), {})],
];

/** @param {import('./script.mjs').State} state @param {number} chunkDelayMs */
function createHandler(state, chunkDelayMs) {
  return async (/** @type {Req} */ req, /** @type {Res} */ res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const control = path.startsWith('/_control/');
    // The control hooks are for test code: they get no CORS, and a browser's request (it
    // always carries an Origin on a POST) is refused, so no web page can script the model.
    const headers = control ? {} : corsHeaders(req);
    try {
      if (!isLoopbackHost(req)) return sendError(res, 421, headers, 'Misdirected request: this server answers on loopback only.');
      if (control && req.headers.origin) return sendError(res, 403, headers, 'The control endpoints are not for browsers.');
      if (req.method === 'OPTIONS') {
        res.writeHead(204, headers);
        return res.end();
      }
      if (!control && bearerToken(req) === BAD_KEY && !path.endsWith('/chat/completions')) {
        return sendError(res, 401, headers, `Incorrect API key provided: ${BAD_KEY}.`, 'invalid_api_key');
      }
      const route = ROUTES.find(([method, re]) => method === req.method && re.test(path));
      if (!route) return sendError(res, 404, headers, `Invalid URL (${req.method} ${path})`, null);
      await route[2](req, res, { state, headers, chunkDelayMs }, /** @type {RegExpExecArray} */ (route[1].exec(path)));
    } catch (e) {
      const status = /** @type {{ status?: number }} */ (e).status ?? 500;
      if (!res.headersSent) sendError(res, status, headers, e instanceof Error && status < 500 ? e.message : undefined);
      else res.destroy();
    }
  };
}

/**
 * Starts the demo model. Port 0 picks a free port (tests). `url` is the base URL an OpenAI
 * client takes (it ends in /v1); the control endpoints live at `origin`.
 * @param {{ port?: number, host?: string, script?: import('./script.mjs').ScriptItem[], chunkDelayMs?: number, behaviour?: import('./script.mjs').Behaviour }} [options]
 */
export async function startDemoModel({ port = 4518, host = '127.0.0.1', script = [], chunkDelayMs = 10, behaviour = {} } = {}) {
  if (!LOOPBACK.has(host)) throw new Error(`The demo model listens on loopback only, not on ${host}.`);
  const state = createState(script, behaviour);
  const server = createServer(createHandler(state, chunkDelayMs));
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  const origin = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  return {
    url: `${origin}/v1`,
    origin,
    /** The chat request bodies received, oldest first. */
    requests: state.requests,
    /** The API key each chat request carried, oldest first (null for none). */
    keys: state.keys,
    /** The server's own time on each chat request, oldest first. */
    timings: state.timings,
    /** Replaces the canned responses to play next, one per chat request. */
    script: (/** @type {import('./script.mjs').ScriptItem[]} */ items) => void state.setScript(items),
    /** Switches how it behaves when no script plays (see Behaviour in script.mjs). */
    behave: (/** @type {import('./script.mjs').Behaviour} */ behaviour) => void state.setBehaviour(behaviour),
    /** Lets a held cut (holdCut) drop its connection (also POST /_control/release-cut). */
    releaseCut: state.releaseCut,
    /** Forgets the script, the requests, the id counters and the behaviour switches. */
    reset: state.reset,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      }),
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '4518' },
      host: { type: 'string', default: '127.0.0.1' },
      'chunk-delay': { type: 'string', default: '10' },
      // e.g. --behave no-tools,text-answers,reasoning
      behave: { type: 'string', default: '' },
    },
  });
  const switches = new Set(values.behave.split(',').map((s) => s.trim()).filter(Boolean));
  const behaviour = { noTools: switches.has('no-tools'), textAnswers: switches.has('text-answers'), reasoning: switches.has('reasoning'), fabricateCitation: switches.has('fabricate-citation'), noPastTickets: switches.has('no-past-tickets') };
  const model = await startDemoModel({ port: Number(values.port), host: values.host, chunkDelayMs: Number(values['chunk-delay']), behaviour });
  console.log(`Demo model on ${model.url}`);
  const stop = () => model.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
