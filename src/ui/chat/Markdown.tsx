import type { ComponentChildren } from 'preact';
import { useContext, useEffect, useMemo, useState } from 'preact/hooks';
import { LinkTrust } from './link-trust';

type Render = (text: string, trusted: ReadonlySet<string>) => ComponentChildren[];

let render: Render | null = null;
let loading: Promise<Render> | null = null;

/**
 * Loads the markdown renderer (marked and the token-to-element code) once, as its own chunk:
 * the sidebar opens without it and fetches it when the first answer is shown.
 */
export function loadMarkdown(): Promise<Render> {
  loading ??= import('./markdown-render').then((m) => (render = m.renderMarkdown));
  return loading;
}

/** Model output as markdown; until the renderer has loaded (a frame or two), as plain text. */
export function Markdown({ text }: { text: string }) {
  const [ready, setReady] = useState<Render | null>(() => render);
  useEffect(() => {
    if (ready) return;
    let live = true;
    void loadMarkdown().then((r) => live && setReady(() => r));
    return () => {
      live = false;
    };
  }, [ready]);
  const trusted = useContext(LinkTrust);
  const children = useMemo(() => (ready ? ready(text, trusted) : null), [ready, text, trusted]);
  return <div class="md">{children ?? <p class="text">{text}</p>}</div>;
}
