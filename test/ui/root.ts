import { render } from 'preact';
import { typed } from '../../src/ui/typed';

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
