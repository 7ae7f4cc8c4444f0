import { useLayoutEffect, useRef, useState } from 'preact/hooks';

/**
 * Whether a text has been read through: its start has been in view, and after that its end.
 * The text sits at its natural height in whatever scrolls around it (the conversation, the
 * page), so this is not a box's own scroll position: two marks, one before the text and one
 * after it (`top` and `end`), are watched by an IntersectionObserver, which sees them come into
 * view however that happens (wheel, keyboard, scrollbar, a layout that moved, a wider sidebar)
 * and clips by every scrolling ancestor. Once true it stays true; another `key` (another text)
 * starts over.
 */
export function useSeenToEnd<T extends HTMLElement>(key: unknown) {
  const top = useRef<T>(null);
  const end = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  useLayoutEffect(() => {
    setSeen(false);
    const marks = [top.current, end.current];
    if (!marks[0] || !marks[1] || typeof IntersectionObserver === 'undefined') return;
    const inView = new Map<Element, boolean>();
    let started = false;
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) inView.set(entry.target, entry.isIntersecting);
      // A mark in view now; the start counts once seen, the end only after it.
      if (inView.get(marks[0]!)) started = true;
      if (started && inView.get(marks[1]!)) {
        setSeen(true);
        observer.disconnect();
      }
    });
    for (const mark of marks) observer.observe(mark!);
    return () => observer.disconnect();
  }, [key]);
  return { top, end, seen };
}
