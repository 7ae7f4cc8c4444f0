import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../../test/e2e/harness/paths';

/** The command line of `npm run demo` (and the parts `npm run bench` shares). */
export interface DemoArgs {
  /** Play the user story by itself; also without a display. */
  headless: boolean;
  /** Play the story in a visible window (with a display). */
  play: boolean;
  /** Run `wxt build` first (default); --no-build reuses .output/chrome-mv3. */
  build: boolean;
  /** Where the transcript and screenshots go. */
  outDir: string;
  help: boolean;
}

export const USAGE = `Usage: npm run demo -- [options]

Builds the extension, starts the demo helpdesk and the demo model, imports the sample knowledge
base and opens Chromium with Deskmate at a demo ticket.

  (default)     with a display: a browser window for you to drive; Ctrl+C or closing it stops
  --headless    play the whole user story by itself (also what happens without a display),
                write a transcript and screenshots, exit non-zero if a step fails
  --play        play the story in a visible window (needs a display)
  --no-build    reuse .output/chrome-mv3 instead of running \`wxt build\`
  --out DIR     where the transcript and screenshots go (default .demo-out/<timestamp>/)

Env: CHROME_PATH picks the browser (else /usr/bin/chromium, else chromium / google-chrome on PATH).
Branded Google Chrome 137+ ignores --load-extension: the demo then loads Deskmate over CDP
(Extensions.loadUnpacked); DESKMATE_DEMO_LOAD=cdp takes that route with any Chromium.`;

export function hasDisplay(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

export function timestamp(date = new Date()): string {
  return date.toISOString().replace(/[:.]/g, '-').replace(/Z$/, '');
}

export function parseDemoArgs(argv: string[]): DemoArgs {
  const { values } = parseArgs({
    args: argv.filter((a) => a !== '--'),
    options: {
      headless: { type: 'boolean', default: false },
      play: { type: 'boolean', default: false },
      'no-build': { type: 'boolean', default: false },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  return {
    headless: values.headless || !hasDisplay(),
    play: values.play,
    build: !values['no-build'],
    outDir: values.out ?? join(ROOT, '.demo-out', timestamp()),
    help: values.help,
  };
}
