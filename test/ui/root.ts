import { render } from 'preact';
import { fakeBrowser } from 'wxt/testing';
import { typed } from '../../src/ui/typed';
import { installI18n } from '../fakes/i18n';

/** An element in the document for one test to render into; the page's typed text starts empty, as in a new page. */
export function freshRoot(): HTMLElement {
  typed.reset();
  const root = document.createElement('div');
  document.body.append(root);
  return root;
}

/** Unmounts what was rendered into `root` (so its effects clean up) and takes it out of the document. */
export function dropRoot(root: HTMLElement): void {
  render(null, root);
  root.remove();
}

/** A fresh root in a sidebar page bound to tab 1, with the fake browser reset and the messages installed. */
export function sidebarRoot(): HTMLElement {
  fakeBrowser.reset();
  installI18n();
  history.replaceState(null, '', '/sidepanel.html?tab=1');
  return freshRoot();
}
