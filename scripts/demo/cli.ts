/**
 * `npm run demo`: Deskmate end to end on this machine, offline. See USAGE in ./args.ts.
 * Runs under vite-node (installed with wxt), so it can reuse the TypeScript E2E harness.
 */
import { mkdir } from 'node:fs/promises';
import { relative } from 'node:path';
import { ROOT } from '../../test/e2e/harness/paths';
import { hasDisplay, parseDemoArgs, USAGE, type DemoArgs } from './args';
import { BrowserMissing } from './browser';
import { startDemoSession, type DemoSession } from './session';
import { runInteractive } from './interactive';
import { playStory, type StoryHandles } from './story';
import { createRecorder, writeTranscript } from './transcript';

const DEADLINE_MS = 110_000;

async function main(argv: string[]): Promise<number> {
  let args: DemoArgs;
  try {
    args = parseDemoArgs(argv);
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  if (!args.headless && !args.play) {
    const session = await startDemoSession({ build: args.build, headless: false });
    try {
      await runInteractive(session);
    } finally {
      await session.close();
    }
    return 0;
  }
  return runStory(args);
}

async function runStory(args: DemoArgs): Promise<number> {
  await mkdir(args.outDir, { recursive: true });
  const { transcript: t, step, currentStep } = createRecorder({
    mode: args.headless ? (hasDisplay() ? 'headless (--headless)' : 'headless (no display)') : 'visible window (--play)',
    node: process.version,
  });
  const handles: StoryHandles = {};
  let session: DemoSession | undefined;
  let timedOut = false;
  const watchdog = setTimeout(() => {
    timedOut = true;
    console.error(`\nFAILED: the demo did not finish within ${DEADLINE_MS / 1000} s (step "${currentStep() ?? '?'}")`);
    t.failedStep = currentStep() ?? 'deadline';
    t.error = `the demo did not finish within ${DEADLINE_MS / 1000} s`;
    void finish().finally(() => process.exit(1));
  }, DEADLINE_MS);
  const finish = async () => {
    t.finishedAt = new Date().toISOString();
    const files = await writeTranscript(args.outDir, t);
    await handles.raw?.detach().catch(() => undefined);
    await session?.close().catch(() => undefined);
    return files;
  };

  console.log(`Deskmate demo: playing the user story${args.headless ? ' headless' : ' in a visible window'}`);
  try {
    const log: string[] = [];
    session = await step('setup', 'build, start the helpdesk and the model, launch Chromium, import the KB', async (d) => {
      const started = await startDemoSession({ build: args.build, headless: args.headless, log: (line) => log.push(line) });
      Object.assign(d, { log });
      Object.assign(t.environment, {
        browser: `${started.browser.executablePath} (${started.browser.version})`,
        extensionId: started.browser.extensionId,
        helpdesk: started.servers.helpdesk.url,
        model: `${started.servers.model.url} (${started.setup.settings.via === 'default' ? 'the default endpoint' : `saved via ${started.setup.settings.via}`})`,
        knowledgeBase: `${started.setup.kb.articles} articles from ${started.setup.kb.file} via ${started.setup.kb.via}`,
      });
      return started;
    });
    for (const line of log) console.log(`    ${line}`);
    await playStory(session, args.outDir, step, t, handles);
    t.ok = true;
  } catch (error) {
    if (timedOut) return 1;
    t.failedStep = (error as { step?: string }).step ?? currentStep() ?? 'setup';
    t.error = (error as Error).message;
    if (error instanceof BrowserMissing) console.error(error.message);
    await handles.raw?.screenshot(`${args.outDir}/failure-panel.png`).then(() => t.screenshots.push('failure-panel.png')).catch(() => undefined);
    await handles.page?.screenshot({ path: `${args.outDir}/failure-page.png` }).then(() => t.screenshots.push('failure-page.png')).catch(() => undefined);
  }
  if (timedOut) return 1;
  clearTimeout(watchdog);
  const files = await finish();
  const shown = (path: string) => (relative(process.cwd(), path).startsWith('..') ? path : relative(process.cwd(), path));
  const where = shown(args.outDir) || '.';
  console.log('');
  if (t.ok) {
    console.log(`PASSED: the edited draft was sent once to ticket ${t.helpdesk.ticketId} and the helpdesk holds exactly that text.`);
  } else {
    console.error(`FAILED at step "${t.failedStep}": ${t.error}`);
  }
  console.log(`Transcript:  ${shown(files.markdown)}  (and ${shown(files.json)})`);
  console.log(`Screenshots: ${t.screenshots.map((s) => `${where}/${s}`).join(', ') || '(none)'}`);
  return t.ok ? 0 : 1;
}

process.chdir(ROOT);
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof BrowserMissing ? error.message : error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
