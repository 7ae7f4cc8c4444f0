import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frameRefusal } from '../../../src/sites/recipes/recipe-form';

/**
 * Whether a helpdesk will show its reply page in a frame of its own site, read from the headers
 * it really sends (a local server): DENY or a frame-ancestors list without the site refuses, in
 * the header's own words; SAMEORIGIN, 'self', the site itself, or no header at all does not.
 */
const HEADERS: Record<string, Record<string, string>> = {
  '/deny': { 'x-frame-options': 'DENY' },
  '/deny-lower': { 'x-frame-options': 'deny' },
  '/sameorigin': { 'x-frame-options': 'SAMEORIGIN' },
  '/none': { 'content-security-policy': "default-src 'self'; frame-ancestors 'none'" },
  '/self': { 'content-security-policy': "frame-ancestors 'self'" },
  '/elsewhere': { 'content-security-policy': 'frame-ancestors https://portal.example.com' },
  '/plain': {},
};

let server: Server;
let origin = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html', ...(HEADERS[req.url ?? ''] ?? {}) });
    res.end('<!doctype html><title>Reply</title>');
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe('frameRefusal', () => {
  it('names the header that refuses frames, and passes a page its own site may frame', async () => {
    const at = (path: string) => frameRefusal(new URL(path, origin));
    expect(await at('/deny')).toBe('X-Frame-Options: DENY');
    expect(await at('/deny-lower')).toBe('X-Frame-Options: deny');
    expect(await at('/none')).toBe("Content-Security-Policy: frame-ancestors 'none'");
    expect(await at('/elsewhere')).toBe('Content-Security-Policy: frame-ancestors https://portal.example.com');
    expect(await at('/sameorigin')).toBeNull();
    expect(await at('/self')).toBeNull();
    expect(await at('/plain')).toBeNull();
    // A site that cannot be asked: the frame itself will tell.
    expect(await frameRefusal(new URL('http://127.0.0.1:9/reply'))).toBeNull();
  });
});
