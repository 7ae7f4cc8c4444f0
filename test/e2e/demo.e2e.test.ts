import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './harness/paths';
import type { Transcript } from '../../scripts/demo/transcript';

// `npm run demo -- --headless` as a person runs it, in a child process. The global setup has
// built the extension (or E2E_SKIP_BUILD reuses .output/), so the demo skips its own build.
const VITE_NODE = join(ROOT, 'node_modules', '.bin', 'vite-node');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function runDemo(args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<{ code: number | null; output: string }> {
  return new Promise((done, fail) => {
    const child = spawn(VITE_NODE, ['scripts/demo/cli.ts', '--', ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', fail);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, output });
    });
  });
}

describe('npm run demo -- --headless', () => {
  const dirs: string[] = [];
  const outDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'deskmate-demo-e2e-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('plays the user story through the real side panel and sends the edited draft once', async () => {
    const out = outDir();
    const { code, output } = await runDemo(['--headless', '--no-build', '--out', out], process.env, 140_000);

    expect(code, output).toBe(0);
    expect(output).toContain('PASSED');
    const t = JSON.parse(readFileSync(join(out, 'transcript.json'), 'utf8')) as Transcript;
    expect(t.ok).toBe(true);
    expect(t.steps.every((s) => s.ok)).toBe(true);
    expect(t.toolCalls.map((c) => [c.tool, c.status])).toEqual([
      ['ticket.read', 'ok'],
      ['kb.search', 'ok'],
      // How the team answered double charges before (#1012, #1029).
      ['tickets.search', 'ok'],
      ['ticket.read', 'ok'],
      ['ticket.read', 'ok'],
      // The order system's captures for the draft, then the refund proposed as an action.
      ['payments.list', 'ok'],
      ['reply.propose', 'ok'],
      ['action.propose', 'ok'],
    ]);
    expect(t.assistantText?.trim()).toBeTruthy();
    expect(t.draft.edited).toBe(`${t.draft.proposed}\n— Sam from Northwind`);
    expect(t.confirm).toMatchObject({ body: t.draft.edited, bodyEqualsEditedDraft: true, state: 'sent' });
    expect(t.helpdesk).toMatchObject({ sentForTicket: 1, textEqualsEditedDraft: true, sentOnce: true });
    expect((t.helpdesk.record as { text: string }).text).toBe(t.draft.edited);
    expect(readFileSync(join(out, 'transcript.md'), 'utf8')).toContain('Result: **passed**');

    expect(t.screenshots).toEqual(expect.arrayContaining(['01-ticket.png', '04-panel-confirm.png', '05-panel-sent.png']));
    for (const name of t.screenshots) {
      const png = readFileSync(join(out, name));
      expect(png.subarray(0, 8).equals(PNG), name).toBe(true);
      expect(png.length, name).toBeGreaterThan(2_000);
    }
  }, 150_000);

  it('says to run npm run browsers, and fails, when there is no Chromium', async () => {
    const out = outDir();
    const { code, output } = await runDemo(['--headless', '--no-build', '--out', out], { ...process.env, CHROME_PATH: '/nonexistent/chromium' }, 30_000);

    expect(code).not.toBe(0);
    expect(output).toContain('npm run browsers');
    expect(output).toContain('FAILED at step "setup"');
    expect(existsSync(join(out, 'transcript.json'))).toBe(true);
  }, 40_000);
});
