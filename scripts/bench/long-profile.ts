/**
 * Where a turn's own time goes in a long conversation: the long bench's turns (question 1 of a
 * fresh conversation, then the next question of a 100-question one, in turns), each with CPU
 * profiles (0.1 ms sampling) of the service worker and the side panel, every sample put in the
 * gap of the turn it fell in (click -> request, request end -> done) by the monotonic clock the
 * profiles and this process share. Prints both sides' gaps and busy time per function.
 * `npx vite-node scripts/bench/long-profile.ts -- [--questions 100] [--pairs 10] [--no-build]`
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { attachToTarget, type TargetSession } from '../../test/e2e/harness/cdp-target';
import { CHROME_EXTENSION_DIR } from '../../test/e2e/harness/paths';
import { startDemoSession } from '../demo/session';
import { STORY_TICKET } from '../demo/story';
import { answer, question, showConversation } from './long-conversation';
import { sourceMaps, type Profile } from './profile';
import { summarize } from './stats';
import { measureTurn, newChat, openStoryPanel, type TurnFigures } from './turns';

interface Node { id: number; callFrame: Profile['nodes'][number]['callFrame']; children?: number[] }

const wallToMono = (() => {
  const wall = performance.timeOrigin + performance.now();
  const mono = Number(process.hrtime.bigint()) / 1e6;
  return (ms: number) => ms - wall + mono;
})();

const GAPS = ['click->req', 'req->done'] as const;

/** Per gap: busy µs by function, and idle µs. */
type Tally = { busy: Map<string, number>; total: number; idle: number }[];
const newTally = (): Tally => GAPS.map(() => ({ busy: new Map(), total: 0, idle: 0 }));

function tallyProfile(into: Tally, profile: Profile, turn: TurnFigures, resolve: ReturnType<typeof sourceMaps>): void {
  const click = turn.probe.clicks.find((c) => c.testid === 'chat-send')!.at;
  const t0 = turn.timings[0]!;
  const last = turn.timings.at(-1)!;
  const windows = [
    { gap: 0, from: wallToMono(click), to: wallToMono(t0.receivedAt) },
    { gap: 1, from: wallToMono(last.endedAt!), to: wallToMono(click + turn.observedMs) },
  ];
  const nodes = profile.nodes as Node[];
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (id: number) => {
    const f = byId.get(id)!.callFrame;
    const file = f.url.replace(/^chrome-extension:\/\/[^/]+\//, '') || '(native)';
    const m = file.endsWith('.js') ? resolve(file, f.lineNumber, f.columnNumber) : null;
    return `${m?.name ?? (f.functionName || '(anon)')} ${m?.where ?? `${file}:${f.lineNumber + 1}`}`;
  };
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    const us = profile.timeDeltas[i + 1] ?? 0;
    const w = windows.find((x) => t / 1000 >= x.from && t / 1000 < x.to);
    if (!w) return;
    const g = into[w.gap]!;
    const fn = byId.get(id)!.callFrame.functionName;
    if (fn === '(idle)') return void (g.idle += us);
    g.total += us;
    let key = label(id);
    // Natives and the engine's own work are named by the nearest caller of ours.
    for (let up = parent.get(id), hops = 0; (key.includes('(native)') || fn.startsWith('(')) && up !== undefined && hops < 3; up = parent.get(up), hops++) {
      if (byId.get(up)!.callFrame.functionName === '(root)') break;
      key += ` <- ${label(up)}`;
      if (!label(up).includes('(native)')) break;
    }
    g.busy.set(key, (g.busy.get(key) ?? 0) + us);
  });
}

const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'v8', 'toplevel', 'ipc', 'mojom', 'disabled-by-default-devtools.timeline.stack'];

interface TraceEvent { name: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number; args?: Record<string, any> }
type TraceTally = Map<string, Map<string, { us: number; n: number; objects: number; cpu?: number }>>;

/** Per thread (process name / thread name): µs of each event name inside the turn's gaps. */
function tallyTrace(into: TraceTally, trace: { traceEvents: TraceEvent[] }, turn: TurnFigures): void {
  const click = turn.probe.clicks.find((c) => c.testid === 'chat-send')!.at;
  const windows = [
    { gap: 0, from: wallToMono(click) * 1000, to: wallToMono(turn.timings[0]!.receivedAt) * 1000 },
    { gap: 1, from: wallToMono(turn.timings.at(-1)!.endedAt!) * 1000, to: wallToMono(click + turn.observedMs) * 1000 },
  ];
  const names = new Map<string, string>();
  const procs = new Map<number, string>();
  for (const e of trace.traceEvents) {
    if (e.ph !== 'M') continue;
    if (e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, String(e.args?.name));
    if (e.name === 'process_name') procs.set(e.pid, String(e.args?.name));
    if (e.name === 'process_labels') procs.set(e.pid, `${procs.get(e.pid) ?? ''}[${String(e.args?.labels)}]`);
  }
  const open = new Map<string, TraceEvent[]>();
  const add = (e: TraceEvent, dur: number) => {
    const w = windows.find((x) => e.ts >= x.from && e.ts < x.to);
    if (!w) return;
    const thread = `${GAPS[w.gap]} ${procs.get(e.pid) ?? e.pid}/${names.get(`${e.pid}:${e.tid}`) ?? e.tid} (${e.pid})`;
    const byName = into.get(thread) ?? new Map();
    into.set(thread, byName);
    const entry = byName.get(e.name) ?? { us: 0, n: 0, objects: 0 };
    entry.us += dur;
    entry.n += 1;
    entry.cpu = (entry.cpu ?? 0) + (e.tdur ?? 0);
    const top = (e.args?.beginData?.stackTrace ?? e.args?.data?.stackTrace)?.[0] as { functionName?: string; url?: string; lineNumber?: number } | undefined;
    if (top && (e.name === 'Layout' || e.name === 'UpdateLayoutTree' || e.name === 'Document::UpdateStyleAndLayout')) {
      const at = `${e.name} from ${top.functionName || '(anon)'} ${String(top.url).replace(/^.*\//, '')}:${top.lineNumber}`;
      const f = byName.get(at) ?? { us: 0, n: 0, objects: 0 };
      f.us += dur;
      f.n += 1;
      f.objects += Number(e.args?.elementCount ?? e.args?.beginData?.dirtyObjects ?? 0);
      byName.set(at, f);
    }
    entry.objects += Number(e.args?.elementCount ?? e.args?.beginData?.dirtyObjects ?? 0);
    byName.set(e.name, entry);
  };
  for (const e of trace.traceEvents) {
    if (e.ph === 'X') add(e, e.dur ?? 0);
    else if (e.ph === 'B') open.set(`${e.pid}:${e.tid}:${e.name}`, [...(open.get(`${e.pid}:${e.tid}:${e.name}`) ?? []), e]);
    else if (e.ph === 'E') {
      const begun = open.get(`${e.pid}:${e.tid}:${e.name}`)?.pop();
      if (begun) add(begun, e.ts - begun.ts);
    }
  }
}

function printTrace(side: string, tally: TraceTally, turns: number): void {
  console.log(`\n##### trace, ${side} (ms per turn; elements/dirty objects per turn)`);
  const threads = [...tally.entries()].map(([thread, byName]) => ({ thread, byName, task: byName.get('ThreadControllerImpl::RunTask')?.us ?? byName.get('RunTask')?.us ?? 0 }));
  for (const { thread, byName, task } of threads.sort((a, b) => b.task - a.task).slice(0, 3)) {
    console.log(`  ${thread}: tasks ${(task / 1000 / turns).toFixed(2)}`);
    [...byName.entries()].sort((a, b) => b[1].us - a[1].us).slice(0, 40).forEach(([name, e]) => console.log(`    ${(e.us / 1000 / turns).toFixed(3).padStart(7)} (cpu ${((e.cpu ?? 0) / 1000 / turns).toFixed(3)}) ${name} x${(e.n / turns).toFixed(1)}${e.objects ? ` objects ${(e.objects / turns).toFixed(0)}` : ''}`));
  }
}

async function main() {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((a) => a !== '--'),
    options: { trace: { type: 'boolean', default: false }, questions: { type: 'string', default: '100' }, pairs: { type: 'string', default: '10' }, 'no-build': { type: 'boolean', default: false }, top: { type: 'string', default: '15' } },
  });
  const questions = Number(values.questions);
  const pairs = Number(values.pairs);
  process.env.DESKMATE_SOURCEMAP = 'hidden';
  const session = await startDemoSession({ build: !values['no-build'], headless: true, log: (l) => console.log(`  ${l}`) });
  try {
    const { context, extensionId } = session.browser;
    const model = session.servers.model;
    const { page, panel } = await openStoryPanel(session);
    const longUrl = session.ticketUrl(STORY_TICKET);
    const freshUrl = session.ticketUrl(2);
    await showConversation(panel, page, longUrl, null);
    await newChat(panel);
    for (let n = 1; n <= questions; n++) {
      model.script([{ text: answer(n) }]);
      await measureTurn(panel, model, question(n));
    }
    const browserSession = await context.browser()!.newBrowserCDPSession();
    const { targetInfos } = (await browserSession.send('Target.getTargets')) as { targetInfos: { targetId: string; type: string; url: string }[] };
    const sw = targetInfos.find((t) => t.type === 'service_worker' && t.url.startsWith(`chrome-extension://${extensionId}/`))!;
    const targets: [string, TargetSession][] = [
      ['worker', await attachToTarget(browserSession, sw.targetId, 'service worker', 30_000)],
      ['panel', await attachToTarget(browserSession, panel.targetId, 'side panel', 30_000)],
    ];
    for (const [, s] of targets) {
      await s.send('Profiler.enable');
      await s.send('Profiler.setSamplingInterval', { interval: 100 });
    }
    const resolve = sourceMaps(CHROME_EXTENSION_DIR);
    const sides = { fresh: { turns: [] as TurnFigures[], tallies: targets.map(newTally) }, long: { turns: [] as TurnFigures[], tallies: targets.map(newTally) } };
    const traces = { fresh: new Map<string, Map<string, { us: number; n: number; objects: number; cpu?: number }>>(), long: new Map<string, Map<string, { us: number; n: number; objects: number; cpu?: number }>>() };
    const profiled = async (side: keyof typeof sides, n: number) => {
      model.script([{ text: answer(n) }]);
      for (const [, s] of targets) await s.send('Profiler.start');
      if (values.trace) await context.browser()!.startTracing(undefined, { categories: TRACE_CATEGORIES });
      const turn = await measureTurn(panel, model, question(n));
      if (values.trace) tallyTrace(traces[side], JSON.parse((await context.browser()!.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] }, turn);
      for (const [i, [, s]] of targets.entries()) tallyProfile(sides[side].tallies[i]!, (await s.send<{ profile: Profile }>('Profiler.stop')).profile, turn, resolve);
      sides[side].turns.push(turn);
    };
    for (let k = 1; k <= pairs; k++) {
      await showConversation(panel, page, freshUrl, k === 1 ? null : 1);
      if (k > 1) await newChat(panel);
      await profiled('fresh', 1);
      await showConversation(panel, page, longUrl, questions + k - 1);
      await profiled('long', questions + k);
    }
    if (values.trace) for (const side of ['fresh', 'long'] as const) printTrace(side, traces[side], pairs);
    console.log(`load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    for (const [side, { turns, tallies }] of Object.entries(sides)) {
      const own = summarize(turns.map((t) => t.ownMs));
      console.log(`\n##### ${side}: own ${own.p50} ms p50 (mean ${own.mean}; ${turns.map((t) => t.ownMs.toFixed(1)).join(', ')})`);
      GAPS.forEach((g, i) => console.log(`  gap ${g}: p50 ${summarize(turns.map((t) => t.gaps[i === 0 ? 0 : t.gaps.length - 1]!)).p50} ms (${turns.map((t) => t.gaps[i === 0 ? 0 : t.gaps.length - 1]!.toFixed(1)).join(', ')})`));
      targets.forEach(([name], ti) => {
        GAPS.forEach((g, gi) => {
          const tally = tallies[ti]![gi]!;
          console.log(`  == ${name} ${g}: busy ${(tally.total / 1000 / turns.length).toFixed(2)} ms/turn, idle ${(tally.idle / 1000 / turns.length).toFixed(2)}`);
          [...tally.busy.entries()].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top)).forEach(([key, us]) => console.log(`    ${(us / 1000 / turns.length).toFixed(3).padStart(7)}  ${key}`));
        });
      });
    }
    for (const [, s] of targets) await s.detach().catch(() => undefined);
    await browserSession.detach().catch(() => undefined);
  } finally {
    await session.close();
  }
}
main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
