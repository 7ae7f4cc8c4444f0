import { Window } from 'happy-dom';

/** A helpdesk page as the content script sees it: the HTML the server sent, at its own address, no script run. */
export async function openPage(url: string): Promise<{ window: Window; document: Document; location: Location; close: () => Promise<void> }> {
  const html = await (await fetch(url)).text();
  const window = new Window({ url, settings: { disableJavaScriptFileLoading: true, disableCSSFileLoading: true, handleDisabledFileLoadingAsSuccess: true } });
  window.document.write(html);
  return { window, document: window.document as unknown as Document, location: window.location as unknown as Location, close: () => window.happyDOM.close() };
}
