import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SERVER = fileURLToPath(new URL('../../demo/helpdesk/server.mjs', import.meta.url));

function run(args: string[]) {
  const child = spawn(process.execPath, [SERVER, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d));
  child.stderr.on('data', (d: Buffer) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

describe('node demo/helpdesk/server.mjs', () => {
  // A new Node process starts slowly on a loaded machine: the tests allow for it.
  it('prints its URL, serves, and exits cleanly on SIGTERM', { timeout: 20_000 }, async () => {
    const server = run(['--port', '0']);
    const start = Date.now();
    while (!/Demo helpdesk on /.test(server.out()) && Date.now() - start < 10_000) await new Promise((r) => setTimeout(r, 25));
    const url = /^Demo helpdesk on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(server.out())?.[1];
    expect(url).toBeDefined();
    expect((await fetch(`${url}/tickets`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('refuses to listen beyond loopback', { timeout: 20_000 }, async () => {
    const server = run(['--port', '0', '--host', '0.0.0.0']);
    expect(await server.exited).toBe(1);
    expect(server.err()).toMatch(/loopback only/);
  });
});
