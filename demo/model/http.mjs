// @ts-check
/** HTTP plumbing of the demo model: loopback checks, CORS, JSON in and out. */
import { errorBody } from './openai-wire.mjs';

/** @typedef {import('node:http').IncomingMessage} Req */
/** @typedef {import('node:http').ServerResponse} Res */

export const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);
const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** Against DNS rebinding: the Host header must name this machine. */
export function isLoopbackHost(/** @type {Req} */ req) {
  try {
    return LOOPBACK.has(new URL(`http://${req.headers.host ?? ''}`).hostname.replace(/^\[|\]$/g, ''));
  } catch {
    return false;
  }
}

/**
 * CORS for the API: any origin (the SDK runs in extension pages and may send x-stainless-*
 * headers). `Authorization` cannot be allowed by a `*`, so the asked-for headers are echoed.
 */
export function corsHeaders(/** @type {Req} */ req) {
  /** @type {Record<string, string>} */
  const headers = { 'access-control-allow-origin': '*', 'access-control-expose-headers': '*' };
  if (req.method !== 'OPTIONS') return headers;
  headers['access-control-allow-methods'] = 'GET, POST, OPTIONS';
  headers['access-control-allow-headers'] = String(req.headers['access-control-request-headers'] ?? 'authorization, content-type');
  headers['access-control-max-age'] = '600';
  // Chrome's Private Network Access asks before a public page may reach loopback.
  if (req.headers['access-control-request-private-network'] === 'true') headers['access-control-allow-private-network'] = 'true';
  return headers;
}

/** @param {Res} res @param {number} status @param {unknown} data @param {Record<string, string>} headers */
export function sendJson(res, status, data, headers) {
  res.writeHead(status, { ...headers, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(data));
}

/** @param {Res} res @param {number} status @param {Record<string, string>} headers @param {string=} message @param {(string | null)=} code */
export const sendError = (res, status, headers, message, code) => sendJson(res, status, errorBody(status, message, code), headers);

/** The request's JSON body; an HTTP error (with `status`) when it is too big or not JSON. */
export async function readJson(/** @type {Req} */ req) {
  let size = 0;
  /** @type {Buffer[]} */
  const chunks = [];
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw httpError(413, 'The request body is too large.');
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
  } catch {
    throw httpError(400, 'We could not parse the JSON body of your request.');
  }
}

export const httpError = (/** @type {number} */ status, /** @type {string} */ message) => Object.assign(new Error(message), { status });

/** The Bearer token of a request, or null. */
export const bearerToken = (/** @type {Req} */ req) => /^Bearer\s+(.+)$/i.exec(String(req.headers.authorization ?? ''))?.[1]?.trim() ?? null;
