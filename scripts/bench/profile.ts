import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import type { BrowserContext } from 'playwright-core';
import { attachToTarget, type TargetSession } from '../../test/e2e/harness/cdp-target';
import { round } from './stats';

/** A CPU profile as CDP's Profiler.stop returns it. */
export interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** One profiled context's CPU, with the functions that spent the most time themselves. */
export interface ProfileSummary {
  target: string;
  wallMs: number;
  /** Samples not idle, (program) or (garbage collector): CPU in scripts. */
  scriptMs: number;
  gcMs: number;
  /** (program): the engine's own work outside scripts (parsing, IPC, compiling). */
  programMs: number;
  top: { fn: string; where: string; selfMs: number; share: number }[];
  /** Self time by script file (the bundle or chunk), largest first. */
  byFile: { file: string; selfMs: number }[];
}

/** Sampling profiles of the service worker and the side panel over CDP, taken around `during`. */
export async function profileDuring<T>(
  context: BrowserContext,
  targets: { extensionId: string; panelTargetId: string; extensionDir: string },
  during: () => Promise<T>,
  saveTo?: string,
): Promise<{ result: T; worker: ProfileSummary; panel: ProfileSummary }> {
  const browserSession = await context.browser()!.newBrowserCDPSession();
  const { targetInfos } = (await browserSession.send('Target.getTargets')) as { targetInfos: { targetId: string; type: string; url: string }[] };
  const sw = targetInfos.find((t) => t.type === 'service_worker' && t.url.startsWith(`chrome-extension://${targets.extensionId}/`));
  if (!sw) throw new Error('profile: the extension service worker is not running');
  const sessions: [string, TargetSession][] = [
    ['service worker', await attachToTarget(browserSession, sw.targetId, 'service worker', 30_000)],
    ['side panel', await attachToTarget(browserSession, targets.panelTargetId, 'side panel (profile)', 30_000)],
  ];
  try {
    for (const [, s] of sessions) {
      await s.send('Profiler.enable');
      await s.send('Profiler.setSamplingInterval', { interval: 100 });
      await s.send('Profiler.start');
    }
    const result = await during();
    const [worker, panel] = await Promise.all(
      sessions.map(async ([name, s]) => {
        const { profile } = await s.send<{ profile: Profile }>('Profiler.stop');
        if (saveTo) await writeFile(`${saveTo}-${name.replace(' ', '-')}.cpuprofile`, JSON.stringify(profile));
        return summarizeProfile(name, profile, sourceMaps(targets.extensionDir));
      }),
    );
    return { result, worker: worker!, panel: panel! };
  } finally {
    for (const [, s] of sessions) await s.detach();
    await browserSession.detach().catch(() => undefined);
  }
}

/** A position in a bundle -> the source file, line and function name, from its hidden source map (if built with one). */
type Resolve = (file: string, line: number, column: number) => { where: string; name: string | null } | null;

export function sourceMaps(extensionDir: string): Resolve {
  const maps = new Map<string, SourceMapConsumer | null>();
  return (file, line, column) => {
    if (!maps.has(file)) {
      const path = join(extensionDir, `${file}.map`);
      maps.set(file, existsSync(path) ? new SourceMapConsumer(JSON.parse(readFileSync(path, 'utf8'))) : null);
    }
    const map = maps.get(file);
    const at = map?.originalPositionFor({ line: line + 1, column });
    if (!at?.source) return null;
    const source = at.source.replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, '');
    return { where: `${source}:${at.line}`, name: at.name ?? null };
  };
}

export function summarizeProfile(target: string, profile: Profile, resolve: Resolve = () => null, topN = 15): ProfileSummary {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, { where: string; micros: number }>();
  const files = new Map<string, number>();
  let idle = 0;
  let gc = 0;
  let program = 0;
  profile.samples.forEach((id, i) => {
    const micros = profile.timeDeltas[i + 1] ?? 0; // a sample lasts until the next one
    const frame = byNode.get(id)!.callFrame;
    if (frame.functionName === '(idle)') return void (idle += micros);
    if (frame.functionName === '(garbage collector)') return void (gc += micros);
    if (frame.functionName === '(program)') return void (program += micros);
    const file = frame.url.replace(/^chrome-extension:\/\/[^/]+\//, '') || '(native)';
    const mapped = resolve(file, frame.lineNumber, frame.columnNumber);
    const where = mapped?.where ?? `${file}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    const key = `${mapped?.name ?? (frame.functionName || '(anonymous)')} ${where}`;
    const entry = self.get(key) ?? { where, micros: 0 };
    entry.micros += micros;
    self.set(key, entry);
    files.set(file, (files.get(file) ?? 0) + micros);
  });
  const wall = (profile.endTime - profile.startTime) / 1000;
  const script = [...self.values()].reduce((a, e) => a + e.micros, 0);
  const ms = (micros: number) => round(micros / 1000, 1);
  return {
    target,
    wallMs: round(wall, 0),
    scriptMs: ms(script),
    gcMs: ms(gc),
    programMs: ms(program),
    top: [...self.entries()]
      .sort((a, b) => b[1].micros - a[1].micros)
      .slice(0, topN)
      .map(([key, e]) => ({ fn: key.slice(0, key.lastIndexOf(' ')), where: e.where, selfMs: ms(e.micros), share: round(e.micros / (script || 1), 3) })),
    byFile: [...files.entries()].sort((a, b) => b[1] - a[1]).map(([file, micros]) => ({ file, selfMs: ms(micros) })),
  };
}

export function renderProfile(p: ProfileSummary, perUnit?: { n: number; unit: string }): string {
  const per = (ms: number) => (perUnit ? ` (${round(ms / perUnit.n, 2)} ms per ${perUnit.unit})` : '');
  return [
    `  ${p.target}: ${p.scriptMs} ms in scripts${per(p.scriptMs)}, ${p.programMs} ms (program), ${p.gcMs} ms GC, over ${p.wallMs} ms wall`,
    `    by file: ${p.byFile.slice(0, 6).map((f) => `${f.file} ${f.selfMs} ms`).join('; ')}`,
    ...p.top.map((f) => `    ${String(f.selfMs).padStart(7)} ms ${String(round(f.share * 100, 1)).padStart(5)}%  ${f.fn}  ${f.where}`),
  ].join('\n');
}
