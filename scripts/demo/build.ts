import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../../test/e2e/harness/paths';

/** `wxt build` for Chrome (MV3), with its output kept for the error message only. */
export function buildExtension(timeoutMs = 120_000): Promise<void> {
  const bin = join(ROOT, 'node_modules', '.bin', 'wxt');
  return new Promise((done, fail) => {
    // vite-node (which runs this script) sets NODE_ENV=development; inherited, it would make
    // `wxt build` use Preact's development JSX (file names and line numbers in the bundles).
    const { NODE_ENV: _dev, ...env } = process.env;
    const child = spawn(bin, ['build'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => fail(new Error(`wxt build could not start (${error.message}): run npm ci first`)));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) done();
      else fail(new Error(`wxt build failed (${signal ?? `exit ${code}`}):\n${output}`));
    });
  });
}
