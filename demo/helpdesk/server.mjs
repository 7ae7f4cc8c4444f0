// @ts-check
/**
 * The offline demo helpdesk: a small agent UI on loopback, with a log of every reply it
 * accepted (and every internal note) so tests can see exactly what was sent.
 *
 *   node demo/helpdesk/server.mjs [--port 4517] [--host 127.0.0.1] [--data sent.json]
 */
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createStore, MAX_BODY_CHARS } from './store.mjs';
import { listPage, notFoundPage, searchPage, ticketPage } from './render.mjs';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);
const ASSETS = /** @type {Record<string, string>} */ ({
  'app.css': 'text/css; charset=utf-8',
  'app.mjs': 'text/javascript; charset=utf-8',
  'views.mjs': 'text/javascript; charset=utf-8',
  'favicon.svg': 'image/svg+xml',
});
// Customer HTML is sanitized on render; the policy is the second wall: no inline script,
// no inline style attributes, no remote images or frames.
const HEADERS = {
  'content-security-policy':
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; object-src 'none'; frame-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

/** @typedef {import('node:http').IncomingMessage} Req */
/** @typedef {import('node:http').ServerResponse} Res */

/** @param {Res} res @param {number} status @param {string} type @param {string | Buffer} body */
function send(res, status, type, body) {
  res.writeHead(status, { ...HEADERS, 'content-type': type });
  res.end(body);
}
const sendJson = (/** @type {Res} */ res, /** @type {number} */ status, /** @type {unknown} */ data) =>
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(data));

/** @param {Req} req @returns {Promise<unknown>} */
async function readJson(req) {
  let raw = '';
  for await (const chunk of req) {
    raw += chunk;
    if (raw.length > MAX_BODY_CHARS * 2) throw Object.assign(new Error('Request body too large.'), { status: 413 });
  }
  try {
    return JSON.parse(raw || 'null');
  } catch {
    throw Object.assign(new Error('The request body is not JSON.'), { status: 400 });
  }
}

/** @param {ReturnType<typeof createStore>} store */
function createHandler(store) {
  const html = 'text/html; charset=utf-8';
  /** @type {[string, RegExp, (req: Req, res: Res, m: RegExpExecArray, url: URL) => unknown][]} */
  const routes = [
    ['GET', /^\/(?:tickets\/?)?$/, (_q, res, _m, url) => send(res, 200, html, listPage(store, url.searchParams.get('status')))],
    ['GET', /^\/search$/, (_q, res, _m, url) => send(res, 200, html, searchPage(store, (url.searchParams.get('q') ?? '').slice(0, 200)))],
    ['GET', /^\/tickets\/(\d+)$/, (_q, res, m) => {
      const ticket = store.view(Number(m[1]));
      return ticket ? send(res, 200, html, ticketPage(store, ticket)) : send(res, 404, html, notFoundPage(store));
    }],
    ['GET', /^\/api\/tickets\/(\d+)$/, (_q, res, m) => {
      const ticket = store.view(Number(m[1]));
      return ticket ? sendJson(res, 200, ticket) : sendJson(res, 404, { error: 'No such ticket.' });
    }],
    ['POST', /^\/api\/tickets\/(\d+)\/(replies|notes)$/, async (req, res, m) => {
      const outcome = store.addReply(Number(m[1]), await readJson(req), m[2] === 'notes' ? 'note' : 'reply');
      if (!outcome.ok) return sendJson(res, outcome.httpStatus, { error: outcome.error });
      const { status, updatedAt, messages } = outcome.ticket;
      return sendJson(res, 201, { message: outcome.message, ticket: { status, updatedAt, messageCount: messages.length }, seq: outcome.sent.seq });
    }],
    ['GET', /^\/api\/sent$/, (_q, res) => sendJson(res, 200, store.sent())],
    ['DELETE', /^\/api\/sent$/, (_q, res) => { store.reset(); sendJson(res, 200, { ok: true }); }],
    ['GET', /^\/assets\/([a-z-]+\.(?:css|mjs|svg))$/, async (_q, res, m) => {
      const type = ASSETS[m[1] ?? ''];
      if (!type) return send(res, 404, 'text/plain', 'Not found');
      send(res, 200, type, await readFile(new URL(`./public/${m[1]}`, import.meta.url)));
    }],
    ['GET', /^\/favicon\.ico$/, (_q, res) => { res.writeHead(204); res.end(); }],
  ];

  return async (/** @type {Req} */ req, /** @type {Res} */ res) => {
    try {
      // Loopback only, also against DNS rebinding: the Host header must name this machine.
      const hostname = new URL(`http://${req.headers.host ?? ''}`).hostname.replace(/^\[|\]$/g, '');
      if (!LOOPBACK.has(hostname)) return send(res, 421, 'text/plain', 'Misdirected request');
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const matches = routes.filter(([, re]) => re.test(url.pathname));
      const route = matches.find(([method]) => method === req.method);
      if (!route && matches.length) return sendJson(res, 405, { error: 'Method not allowed.' });
      if (!route && url.pathname.startsWith('/api/')) return sendJson(res, 404, { error: 'Not found.' });
      if (!route) return send(res, 404, html, notFoundPage(store));
      const m = /** @type {RegExpExecArray} */ (route[1].exec(url.pathname));
      await route[2](req, res, m, url);
    } catch (e) {
      const status = /** @type {{ status?: number }} */ (e).status ?? 500;
      if (!res.headersSent) sendJson(res, status, { error: e instanceof Error ? e.message : 'Server error.' });
      else res.destroy();
    }
  };
}

/**
 * Starts the helpdesk. Port 0 picks a free port (tests).
 * @param {{ port?: number, host?: string, dataFile?: string | null, seedFile?: string }} [options]
 */
export async function startHelpdesk({ port = 4517, host = '127.0.0.1', dataFile = null, seedFile = `${HERE}tickets.json` } = {}) {
  if (!LOOPBACK.has(host)) throw new Error(`The demo helpdesk listens on loopback only, not on ${host}.`);
  const store = createStore({ seedFile, dataFile });
  const server = createServer(createHandler(store));
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  const url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  return {
    url,
    sent: store.sent,
    close: () => new Promise((resolve) => {
      server.close(() => resolve(undefined));
      server.closeAllConnections();
    }),
  };
}

async function main() {
  const { values } = parseArgs({
    options: { port: { type: 'string', default: '4517' }, host: { type: 'string', default: '127.0.0.1' }, data: { type: 'string' } },
  });
  const helpdesk = await startHelpdesk({ port: Number(values.port), host: values.host, dataFile: values.data ?? null });
  console.log(`Demo helpdesk on ${helpdesk.url}`);
  const stop = () => helpdesk.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
