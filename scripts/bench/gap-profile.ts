/**
 * Where a turn's own time goes: CPU profiles (0.1 ms sampling) of the service worker, the side
 * panel and the helpdesk page (its content script) over story turns, each sample put in the gap
 * of the turn it fell in (click -> request 1, request n end -> request n+1, last end -> done) by
 * the monotonic clock both Chromium's profiles and this process use.
 * `npx vite-node scripts/bench/gap-profile.ts -- [--turns 20] [--no-build]`
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CHROME_EXTENSION_DIR, ROOT } from '../../test/e2e/harness/paths';
import { startDemoSession } from '../demo/session';
import { profileDuring, sourceMaps } from './profile';
import { summarize } from './stats';
import { measureTurn, newChat, openStoryPanel, type TurnFigures } from './turns';
import { loadavg } from 'node:os';

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }
interface Profile { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number }

/** Wall clock (performance.timeOrigin + now, as the model server and the probe stamp) -> monotonic ms. */
const wallToMono = (() => {
  const wall = performance.timeOrigin + performance.now();
  const mono = Number(process.hrtime.bigint()) / 1e6;
  return (ms: number) => ms - wall + mono;
})();

async function main() {
  const { values } = parseArgs({ args: process.argv.slice(2).filter((a) => a !== '--'), options: { turns: { type: 'string', default: '20' }, 'no-build': { type: 'boolean', default: false }, top: { type: 'string', default: '12' }, timeline: { type: 'string', default: '-1' } } });
  const turns = Number(values.turns);
  process.env.DESKMATE_SOURCEMAP = 'hidden';
  const session = await startDemoSession({ build: !values['no-build'], headless: true, log: (l) => console.log(`  ${l}`) });
  try {
    const { context, extensionId } = session.browser;
    const { page, panel } = await openStoryPanel(session);
    // Warm up: the first turns load lazy chunks and compile.
    for (let i = 0; i < 3; i++) {
      await newChat(panel);
      await measureTurn(panel, session.servers.model);
    }
    const pageSession = await context.newCDPSession(page);
    await pageSession.send('Profiler.enable');
    await pageSession.send('Profiler.setSamplingInterval', { interval: 100 });
    await pageSession.send('Profiler.start');
    const story: TurnFigures[] = [];
    const save = join(ROOT, '.demo-out', 'gap');
    await profileDuring(context, { extensionId, panelTargetId: panel.targetId, extensionDir: CHROME_EXTENSION_DIR }, async () => {
      for (let i = 0; i < turns; i++) {
        await newChat(panel);
        story.push(await measureTurn(panel, session.servers.model));
      }
    }, save);
    const { profile: pageProfile } = (await pageSession.send('Profiler.stop')) as unknown as { profile: Profile };
    const load = loadavg().map((l) => l.toFixed(2)).join(' ');
    const own = summarize(story.map((t) => t.ownMs));
    console.log(`own time per turn ${own.p50} ms p50 (p95 ${own.p95}) over ${own.n} turns; load ${load}`);
    const names = ['click->req1', ...story[0]!.timings.slice(1).map((_, i) => `req${i + 1}end->req${i + 2}`), `req${story[0]!.requests}end->done`];
    console.log(`gaps p50: ${names.map((n, i) => `${n} ${summarize(story.map((t) => t.gaps[i] ?? NaN)).p50}`).join('; ')}`);
    // Each turn's gap windows, monotonic ms.
    const windows = story.flatMap((t) => {
      const click = t.probe.clicks.find((c) => c.testid === 'chat-send')!.at;
      const points = [click, ...t.timings.flatMap((x) => [x.receivedAt, x.endedAt!]), click + t.observedMs];
      return points.flatMap((p, i) => (i % 2 === 0 && i + 1 < points.length ? [{ gap: i / 2, from: wallToMono(p), to: wallToMono(points[i + 1]!) }] : []));
    });
    const resolve = sourceMaps(CHROME_EXTENSION_DIR);
    const profiles: [string, Profile][] = [
      ['worker', JSON.parse(await readFile(`${save}-service-worker.cpuprofile`, 'utf8'))],
      ['panel', JSON.parse(await readFile(`${save}-side-panel.cpuprofile`, 'utf8'))],
      ['page', pageProfile],
    ];
    for (const [target, p] of profiles) {
      const byId = new Map(p.nodes.map((n) => [n.id, n]));
      const parent = new Map<number, number>();
      for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
      const label = (id: number) => {
        const f = byId.get(id)!.callFrame;
        const file = f.url.replace(/^chrome-extension:\/\/[^/]+\//, '').replace(/^https?:\/\/[^/]+\//, '') || '(native)';
        const m = file.endsWith('.js') ? resolve(file, f.lineNumber, f.columnNumber) : null;
        return `${m?.name ?? (f.functionName || '(anon)')} ${m?.where ?? `${file}:${f.lineNumber + 1}`}`;
      };
      // per gap: function (self, with its nearest own caller for natives) -> µs
      const perGap = names.map(() => new Map<string, number>());
      const totals = names.map(() => ({ busy: 0, idle: 0 }));
      let t = p.startTime;
      p.samples.forEach((id, i) => {
        t += p.timeDeltas[i] ?? 0;
        const us = p.timeDeltas[i + 1] ?? 0;
        const ms = t / 1000;
        const w = windows.find((x) => ms >= x.from && ms < x.to);
        if (!w) return;
        const fn = byId.get(id)!.callFrame.functionName;
        if (fn === '(idle)') return void (totals[w.gap]!.idle += us);
        totals[w.gap]!.busy += us;
        let key = label(id);
        if (key.includes('(native)') || fn === '(program)' || fn === '(garbage collector)') {
          const up = parent.get(id);
          if (up !== undefined && byId.get(up)!.callFrame.functionName !== '(root)') key += ` <- ${label(up)}`;
        }
        perGap[w.gap]!.set(key, (perGap[w.gap]!.get(key) ?? 0) + us);
      });
      if (Number(values.timeline) >= 0) {
        const mine = windows.slice(Number(values.timeline) * names.length, (Number(values.timeline) + 1) * names.length);
        let tt = p.startTime;
        const runs: string[] = [];
        let last = '';
        let since = 0;
        p.samples.forEach((id, i) => {
          tt += p.timeDeltas[i] ?? 0;
          const ms = tt / 1000;
          const w = mine.find((x) => ms >= x.from && ms < x.to);
          if (!w) return;
          const chain: string[] = [];
          for (let c: number | undefined = id; c !== undefined && chain.length < 4; c = parent.get(c)) if (byId.get(c)!.callFrame.functionName !== '(root)') chain.push(label(c).replace(/ [^ ]*\/([^/]+)$/, ' $1'));
          const key = `${names[w.gap]} ${chain.join(' < ') || '(idle)'}`;
          if (key !== last) { if (last) runs.push(`${since.toFixed(1).padStart(6)} ${last}`); last = key; since = ms - w.from; }
        });
        if (last) runs.push(`${since.toFixed(1).padStart(6)} ${last}`);
        console.log(`\n-- ${target} timeline, turn ${values.timeline} --\n${runs.join('\n')}`);
      }
      console.log(`\n== ${target} ==`);
      names.forEach((n, g) => {
        console.log(`  ${n}: busy ${(totals[g]!.busy / 1000 / turns).toFixed(2)} ms/turn, idle ${(totals[g]!.idle / 1000 / turns).toFixed(2)} ms/turn`);
        [...perGap[g]!.entries()].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top)).forEach(([k, v]) => console.log(`    ${(v / 1000 / turns).toFixed(2).padStart(6)}  ${k}`));
      });
    }
  } finally {
    await session.close();
  }
}
main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
