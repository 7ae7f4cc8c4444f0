import { render } from 'preact';

/** An element in the document for one test to render into. */
export function freshRoot(): HTMLElement {
  const root = document.createElement('div');
  document.body.append(root);
  return root;
}

/** Unmounts what was rendered into `root` (so its effects clean up) and takes it out of the document. */
export function dropRoot(root: HTMLElement): void {
  render(null, root);
  root.remove();
}
