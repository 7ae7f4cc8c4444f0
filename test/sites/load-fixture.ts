import { readFileSync } from 'node:fs';
import { afterEach } from 'vitest';
import { Window, type IOptionalBrowserSettings } from 'happy-dom';

/** Where the fixture pages were saved from (the demo helpdesk's default address). */
export const FIXTURE_ORIGIN = 'http://127.0.0.1:4517';

export interface LoadedPage {
  window: Window;
  document: Document;
  location: Location;
  url: URL;
}

/**
 * A saved page of `site` in a fresh happy-dom window at `path`. Its scripts do not run: the
 * fixture is the DOM as the server sent it. `settings` adds to happy-dom's (navigation, say).
 */
export function loadFixture(site: string, file: string, path: string, settings: IOptionalBrowserSettings = {}): LoadedPage {
  const window = new Window({
    // A built-in recipe's page is saved with its helpdesk's own address (it is matched on the host).
    url: /^https?:/.test(path) ? path : FIXTURE_ORIGIN + path,
    settings: { disableJavaScriptFileLoading: true, disableCSSFileLoading: true, handleDisabledFileLoadingAsSuccess: true, ...settings },
  });
  const html = fixtureHtml(site, file);
  window.document.write(html);
  return {
    window,
    // happy-dom's classes are not lib.dom's, though they serve the same DOM.
    document: window.document as unknown as Document,
    location: window.location as unknown as Location,
    url: new URL(window.location.href),
  };
}

/** `loadFixture` for one site, closing every window it opened after each test. */
export function useFixtures(site: string, settings: IOptionalBrowserSettings = {}): (file: string, path: string) => LoadedPage {
  const open: LoadedPage[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((page) => page.window.happyDOM.close()));
  });
  return (file, path) => {
    const page = loadFixture(site, file, path, settings);
    open.push(page);
    return page;
  };
}

/** The text of a fixture page. */
export const fixtureHtml = (site: string, file: string): string =>
  readFileSync(new URL(`../fixtures/sites/${site}/${file}`, import.meta.url), 'utf8');
