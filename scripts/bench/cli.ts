/**
 * `npm run bench`: figures for the demo user story against the demo model, over real HTTP in
 * real headless Chromium with the real side panel. Prints them next to their targets and writes
 * .demo-out/bench.json. A benchmark, not a test: nothing here fails on a slow figure.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CHROME_EXTENSION_DIR, ROOT } from '../../test/e2e/harness/paths';
import { BrowserMissing } from '../demo/browser';
import { startDemoSession } from '../demo/session';
import { GROUPS, sum, type BenchRun, type Group, type GroupMeasure } from './bench-run';
import { FULL_STORIES, FULL_STORY_ARTICLES, fullStoryLine, measurePaint, measureStory, measureTalk, measureTurns, storyVerdict } from './chat-groups';
import { measureFullStories } from './full-story';
import { measureLong, measureRender } from './panel-groups';
import { profileDuring, renderProfile, type ProfileSummary } from './profile';
import { renderBundles, renderTable, withVerdicts, type BenchReport, type Figure } from './report';
import { measureBigTicket, measureCold, measureContentCpu, measureRoundTrip, measureSizes, measureTabs } from './runtime-groups';
import { bundleSizes, isDevelopmentBuild } from './sizes';
import { measureTurn, openStoryPanel } from './turns';

const MEASURES: Record<Group, GroupMeasure> = {
  turns: measureTurns,
  paint: measurePaint,
  long: measureLong,
  roundtrip: measureRoundTrip,
  big: measureBigTicket,
  render: measureRender,
  talk: measureTalk,
  cpu: measureContentCpu,
  story: measureStory,
  cold: measureCold,
  tabs: measureTabs,
  sizes: measureSizes,
};

async function main(): Promise<number> {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((a) => a !== '--'),
    options: {
      'no-build': { type: 'boolean', default: false },
      turns: { type: 'string', default: '7' },
      'round-trips': { type: 'string', default: '200' },
      tokens: { type: 'string', default: '60' },
      tabs: { type: 'string', default: '50' },
      reloads: { type: 'string', default: '5' },
      // Only the draft stories' input tokens: as the demo ships, and with everything a team turns on.
      'story-tokens': { type: 'boolean', default: false },
      // Comma-separated groups (turns, paint, long, roundtrip, big, render, talk, cpu, story, cold, tabs, sizes).
      only: { type: 'string' },
      'cold-pairs': { type: 'string', default: '20' },
      // CPU profiles of the service worker and the side panel over the story turns (and the reloads).
      profile: { type: 'boolean', default: false },
    },
  });
  const turns = Number(values.turns);
  const only = values.only?.split(',').map((g) => g.trim()) ?? [...GROUPS];
  const unknown = only.filter((g) => !(GROUPS as readonly string[]).includes(g));
  if (unknown.length) throw new Error(`--only: unknown group ${unknown.join(', ')} (known: ${GROUPS.join(', ')})`);
  const want = (g: Group) => only.includes(g);
  // Profiles name our functions from source maps kept beside the bundles (wxt.config.ts).
  if (values.profile) process.env.DESKMATE_SOURCEMAP = 'hidden';
  const session = await startDemoSession({ build: !values['no-build'], headless: true, log: (l) => console.log(`  ${l}`) });
  try {
    // Read at once: a rebuild of .output while this runs must not change the figures.
    const bundles = bundleSizes(CHROME_EXTENSION_DIR);
    const developmentBuild = isDevelopmentBuild(CHROME_EXTENSION_DIR);
    const { context, extensionId } = session.browser;
    const { page, panel, storyTicket } = await openStoryPanel(session);

    if (values['story-tokens']) {
      const plain = await measureTurn(panel, session.servers.model);
      console.log(`  story input tokens, as the demo ships: ${sum(plain.promptTokensByRequest)} (${plain.promptTokensByRequest.join(' + ')})`);
      const before = session.servers.model.requests().length;
      const stories = await measureFullStories(context, extensionId, panel, session.servers.model, FULL_STORY_ARTICLES, FULL_STORIES);
      // Every request of the stories, as the model received them: where the tokens go, word for word.
      await mkdir(join(ROOT, '.demo-out'), { recursive: true });
      await writeFile(join(ROOT, '.demo-out', 'story-requests.json'), `${JSON.stringify(session.servers.model.requests().slice(before), null, 1)}\n`);
      for (const f of stories) {
        console.log(`  story input tokens, ${f.story.name}, instructions + masking + ${f.kbArticles}-article KB: ${storyVerdict(f)}`);
        console.log(`    ${fullStoryLine(f)}`);
      }
      console.log('  Written: .demo-out/story-requests.json (every request of the stories)');
      return stories.every((f) => f.story.target === undefined || sum(f.promptTokensByRequest) <= f.story.target) ? 0 : 1;
    }
    const figures: Figure[] = [];
    const details: Record<string, unknown> = { bundles };
    const lines: string[] = [];
    const out = join(ROOT, '.demo-out');
    await mkdir(out, { recursive: true });
    const profiles: ProfileSummary[] = [];
    const profiled = async <T>(label: string, perUnit: { n: number; unit: string }, run: () => Promise<T>): Promise<T> => {
      if (!values.profile) return run();
      const { result, worker, panel: side } = await profileDuring(context, { extensionId, panelTargetId: panel.targetId, extensionDir: CHROME_EXTENSION_DIR }, run, join(out, `profile-${label}`));
      profiles.push(worker, side);
      lines.push(`  CPU profile, ${label} (sampling, 0.1 ms; .demo-out/profile-${label}-*.cpuprofile):`, renderProfile(worker, perUnit), renderProfile(side, perUnit));
      return result;
    };

    const failed: string[] = [];
    // A group that fails (a timeout on a loaded machine) is printed and left out; the others still count.
    const group = async (name: Group, measure: () => Promise<void>): Promise<void> => {
      if (!want(name)) return;
      try {
        await measure();
      } catch (error) {
        failed.push(name);
        console.log(`  ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    };
    const run: BenchRun = {
      session,
      page,
      panel,
      storyTicket,
      bundles,
      figures,
      details,
      lines,
      profiled,
      counts: {
        turns,
        roundTrips: Number(values['round-trips']),
        tokens: Number(values.tokens),
        tabs: Number(values.tabs),
        reloads: Number(values.reloads),
        coldPairs: Number(values['cold-pairs']),
      },
    };
    for (const name of GROUPS) await group(name, () => MEASURES[name](run));
    if (profiles.length) details.profiles = profiles;

    const report: BenchReport = {
      at: new Date().toISOString(),
      environment: {
        browser: session.browser.version,
        node: process.version,
        // Figures are times on a shared machine: its load while they were taken.
        loadAverage: loadavg().map((n) => n.toFixed(2)).join(' '),
        model: session.servers.model.url,
        build: developmentBuild ? 'DEVELOPMENT JSX (NODE_ENV was not production when .output was built)' : 'production',
        groups: only.join(','),
        failed: failed.join(','),
      },
      figures: withVerdicts(figures),
      details,
    };
    await writeFile(join(out, 'bench.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\n${renderTable(report)}\n${lines.join('\n')}`);
    console.log(`  machine load average while measuring (1, 5, 15 min): ${report.environment.loadAverage} on ${cpus().length} cores`);
    if (developmentBuild) console.log('\nWARNING: .output/chrome-mv3 holds a development-JSX build (built with NODE_ENV != production); run without --no-build.');
    console.log(`\nBundles (.output/chrome-mv3):\n${renderBundles(bundles)}\n\nWritten: .demo-out/bench.json`);
    await panel.detach().catch(() => undefined);
    return 0;
  } finally {
    await session.close();
  }
}

process.chdir(ROOT);
main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof BrowserMissing ? error.message : error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
