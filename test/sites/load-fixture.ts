import { readFileSync } from 'node:fs';
import { afterEach } from 'vitest';
import { Window } from 'happy-dom';

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
 * fixture is the DOM as the server sent it.
 */
export function loadFixture(site: string, file: string, path: string): LoadedPage {
  const window = new Window({
    url: FIXTURE_ORIGIN + path,
    settings: { disableJavaScriptFileLoading: true, disableCSSFileLoading: true, handleDisabledFileLoadingAsSuccess: true },
  });
  const html = readFileSync(new URL(`../fixtures/sites/${site}/${file}`, import.meta.url), 'utf8');
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
export function useFixtures(site: string): (file: string, path: string) => LoadedPage {
  const open: LoadedPage[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((page) => page.window.happyDOM.close()));
  });
  return (file, path) => {
    const page = loadFixture(site, file, path);
    open.push(page);
    return page;
  };
}
