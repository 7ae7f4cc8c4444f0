import { useLayoutEffect, useRef, useState } from 'preact/hooks';

/** Rounding slack: a zoomed page can stop a fraction of a pixel short of the end. */
const SLACK_PX = 2;

/**
 * Whether all of a scroll box's content has been in view: at once when it fits and is shown,
 * else once it has been scrolled to its end (wheel, touch, scrollbar or keyboard alike, they all
 * scroll). Once true it stays true; another `key` (another text) starts over.
 */
export function useSeenToEnd<T extends HTMLElement>(key: unknown) {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  const check = () => {
    const el = ref.current;
    // A box that is not rendered (a hidden panel) fits trivially and shows nothing.
    if (!el || el.checkVisibility?.() === false) return;
    if (el.scrollTop + el.clientHeight >= el.scrollHeight - SLACK_PX) setSeen(true);
  };
  useLayoutEffect(() => {
    setSeen(false);
    const el = ref.current;
    // Another text starts from its top: the old position says nothing about the new text.
    if (el) el.scrollTop = 0;
    check();
    if (!el || typeof ResizeObserver === 'undefined') return;
    // Shown later, or widened until it fits: measured again.
    const observer = new ResizeObserver(check);
    observer.observe(el);
    return () => observer.disconnect();
  }, [key]);
  return { ref, seen, onScroll: check };
}
