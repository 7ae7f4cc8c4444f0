import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local web server for "a normal page" in E2E tests: path -> HTML, anything else 404. */
export interface TestServer {
  origin: string;
  url(path: string): string;
  close(): Promise<void>;
}

export async function startTestServer(pages: Record<string, string>): Promise<TestServer> {
  const server = createServer((request, response) => {
    const body = pages[new URL(request.url ?? '/', 'http://localhost').pathname];
    response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(body ?? '<!doctype html><title>404</title>not found');
  });
  await new Promise<void>((ready, fail) => server.once('error', fail).listen(0, '127.0.0.1', ready));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (path) => new URL(path, origin).href,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections(); // browsers keep connections alive
        server.close(() => done());
      }),
  };
}

export function htmlPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;
}
