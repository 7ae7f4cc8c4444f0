import type { Page } from 'puppeteer-core';
import type { Driver } from './deskmate';
import { commonFixtures, pointAtModel, type Setup } from './fixtures';
import { launchFirefox, openFirefoxExtensionPage, openFirefoxPage, type FirefoxHarness, type LaunchFirefoxOptions } from './firefox';
import { firefoxDriver } from './firefox-driver';
import { openSidebarFor } from './firefox-sidebar';

export { describe, expect } from 'vitest';

export interface FirefoxSetup extends Setup {
  launch?: LaunchFirefoxOptions;
}

/** The sidebar page bound to the ticket's tab (Firefox's real sidebar cannot be driven from a test). */
export interface FirefoxSidebar {
  page: Page;
  driver: Driver;
  tabId: number;
}

export interface FirefoxFixtures {
  $file: { firefox: FirefoxHarness };
  $test: { ticket: Page; sidebar: FirefoxSidebar };
}

/**
 * Scenarios in Firefox ESR, as `chromiumTest` (fixtures.ts) in Chromium: `firefox`, `ticket` (a
 * tab on the demo helpdesk's ticket `ticketId`) and `sidebar` (sidepanel.html?tab=… on it).
 */
export function firefoxTest(setup: FirefoxSetup = {}) {
  const launch = async () => launchFirefox(setup.launch);
  const test = commonFixtures(setup).extend<FirefoxFixtures>({
    firefox: [
      setup.configure === false
        ? async ({}, use) => {
            const firefox = await launch();
            await use(firefox);
            await firefox.close();
          }
        : async ({ model }, use) => {
            const firefox = await launch();
            try {
              const page = await openFirefoxExtensionPage(firefox, 'options.html');
              await pointAtModel(firefoxDriver(page), model);
              await page.close();
              await use(firefox);
            } finally {
              await firefox.close();
            }
          },
      { scope: 'file' },
    ],
    ticket: async ({ firefox, helpdesk, ticketId }, use) => {
      const page = await openFirefoxPage(firefox, helpdesk.ticketUrl(ticketId));
      await page.waitForSelector(`.hd-ticket[data-ticket-id="${ticketId}"]`);
      await use(page);
      await page.close().catch(() => undefined);
    },
    sidebar: async ({ firefox, ticket }, use) => {
      const { sidebarPage: page, tabId } = await openSidebarFor(firefox, ticket.url());
      await page.waitForSelector('#app *');
      await use({ page, driver: firefoxDriver(page), tabId });
      await page.close().catch(() => undefined);
    },
  });
  // Launched in a hook, which has its own time budget (a Firefox launch takes seconds).
  test.beforeAll(async ({ firefox }) => void firefox);
  return test;
}
