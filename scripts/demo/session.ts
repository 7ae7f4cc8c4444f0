import { join } from 'node:path';
import { ROOT } from '../../test/e2e/harness/paths';
import { buildExtension } from './build';
import { findChromium, launchDemoBrowser, type DemoBrowser } from './browser';
import { startDemoServers, type DemoServers } from './servers';
import { configureExtension, type SetupReport } from './setup';
import { connectOrderSystem } from './setup-mcp';

export const KB_FILE = join(ROOT, 'demo', 'kb', 'northwind-support.md');
export const DEMO_MODEL_ID = 'deskmate-demo';

/** Everything the demo (and the benchmark) runs on: the build, both servers, the browser, the setup. */
export interface DemoSession {
  browser: DemoBrowser;
  servers: DemoServers;
  setup: SetupReport;
  ticketUrl(id: number): string;
  close(): Promise<void>;
}

export interface SessionOptions {
  build: boolean;
  headless: boolean;
  chunkDelayMs?: number;
  log?: (line: string) => void;
}

export async function startDemoSession(options: SessionOptions): Promise<DemoSession> {
  const log = options.log ?? ((line: string) => console.log(line));
  const found = findChromium(); // before the build: a missing browser is the first thing to say
  log(`browser:   ${found.path} (${found.version})${found.ignoresLoadFlag ? ' — loading Deskmate via CDP Extensions.loadUnpacked (branded Chrome ignores --load-extension)' : ''}`);
  if (options.build) {
    const started = Date.now();
    await buildExtension();
    log(`build:     wxt build done in ${Date.now() - started} ms (.output/chrome-mv3)`);
  } else {
    log('build:     skipped (--no-build): using .output/chrome-mv3 as it is');
  }
  const servers = await startDemoServers(options.chunkDelayMs === undefined ? {} : { chunkDelayMs: options.chunkDelayMs });
  let browser: DemoBrowser | undefined;
  try {
    log(`helpdesk:  ${servers.helpdesk.url}`);
    log(`model:     ${servers.model.url}${servers.modelOnDefaultPort ? '' : ' (4518 was taken: saving this endpoint in the options page)'}`);
    browser = await launchDemoBrowser(found, options.headless);
    const setup = await configureExtension(browser.context, browser.extensionId, {
      modelBaseURL: servers.model.url,
      modelId: DEMO_MODEL_ID,
      saveSettings: !servers.modelOnDefaultPort,
      kbFile: KB_FILE,
    });
    log(`extension: ${browser.extensionId} loaded via ${browser.loadedVia === 'flag' ? '--load-extension' : 'CDP'}; model ${setup.settings.model} (${setup.settings.via === 'default' ? 'default settings' : `saved via ${setup.settings.via}`})`);
    log(`kb:        ${setup.kb.articles} articles from ${setup.kb.file} (imported via ${setup.kb.via === 'options-ui' ? "the options page's file input" : 'kb.import'})`);
    const tools = await connectOrderSystem(browser.context, browser.extensionId, servers.orders.url);
    log(`orders:    ${servers.orders.url} (MCP) added on the options page; ${tools.join(', ')}`);
    const opened = browser;
    return {
      browser: opened,
      servers,
      setup,
      ticketUrl: (id) => `${servers.helpdesk.url}/tickets/${id}`,
      close: async () => {
        await opened.close();
        await servers.close();
      },
    };
  } catch (error) {
    await browser?.close();
    await servers.close();
    throw error;
  }
}
