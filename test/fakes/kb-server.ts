import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What one path of the test's knowledge-base server answers. */
export interface KbRoute {
  status?: number;
  body?: string;
  type?: string;
  etag?: string;
  lastModified?: string;
  /** A 302 to this URL. */
  location?: string;
  /** Writes 64 KB chunks until the client goes away. */
  endless?: boolean;
}

export interface KbRequestSeen {
  path: string;
  status: number;
  ifNoneMatch: string | null;
  ifModifiedSince: string | null;
  cookie: string | null;
  /** Bytes written before the response ended or the client left. */
  bytes: number;
}

/**
 * A real HTTP server publishing a team's knowledge base, as a web server does: ETag and
 * Last-Modified validators answered with 304, errors, redirects, any body. `routes` may be
 * changed while it runs; `seen` lists what each request carried.
 */
export async function startKbServer(routes: Record<string, KbRoute>, host = '127.0.0.1', { cors = false } = {}) {
  const seen: KbRequestSeen[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const r = routes[path];
    if (cors && req.method === 'OPTIONS') {
      res.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'if-none-match, if-modified-since' });
      return void res.end();
    }
    const entry: KbRequestSeen = {
      path,
      status: 0,
      ifNoneMatch: req.headers['if-none-match'] ?? null,
      ifModifiedSince: req.headers['if-modified-since'] ?? null,
      cookie: req.headers.cookie ?? null,
      bytes: 0,
    };
    seen.push(entry);
    // Only for a DOM test's fetch, which applies CORS where an extension's host permission would not.
    if (cors) res.setHeader('access-control-allow-origin', '*');
    const answer = (status: number, headers: Record<string, string> = {}, body = '') => {
      entry.status = status;
      entry.bytes = Buffer.byteLength(body);
      res.writeHead(status, headers).end(body);
    };
    if (!r) return answer(404, { 'content-type': 'text/plain' }, 'not found');
    if (r.location) return answer(302, { location: r.location });
    const validators = { ...(r.etag ? { etag: r.etag } : {}), ...(r.lastModified ? { 'last-modified': r.lastModified } : {}) };
    if ((r.etag && entry.ifNoneMatch === r.etag) || (!r.etag && r.lastModified && entry.ifModifiedSince === r.lastModified)) return answer(304, validators);
    if (r.endless) {
      entry.status = 200;
      res.writeHead(200, { 'content-type': r.type ?? 'text/markdown' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      const more = () => {
        while (!res.destroyed && entry.bytes < 200_000_000) {
          entry.bytes += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end();
      };
      res.on('close', () => undefined);
      return more();
    }
    answer(r.status ?? 200, { 'content-type': r.type ?? 'text/markdown; charset=utf-8', ...validators }, r.body ?? '');
  });
  await new Promise<void>((ready) => server.listen(0, host, ready));
  const origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (path: string) => `${origin}${path}`,
    routes,
    seen,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

export type KbServer = Awaited<ReturnType<typeof startKbServer>>;
