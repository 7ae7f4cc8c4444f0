import type { RefObject } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

/** The focus was dropped: its element went away (a button that a state change removed). */
const dropped = () => !document.activeElement || document.activeElement === document.body;

/**
 * Gives the focus back to what opened a card when the card is done with it: when the card
 * leaves `openState` (its Confirm button goes away with the focus on it) or is closed. The
 * opener is what had the focus as the card came, else `fallback` (say, the draft's Send…,
 * which may have lost the focus while it was busy). Only a dropped focus is moved: one the
 * agent put elsewhere meanwhile stays where it is.
 */
export function useFocusReturn<T extends HTMLElement>(card: RefObject<T | null>, state: string, openState: string, fallback: (card: T) => HTMLElement | null) {
  const opener = useRef<HTMLElement | null>(null);
  const lastFallback = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(state === openState);
  const giveBack = () => {
    const back = opener.current?.isConnected ? opener.current : null;
    // After the card's own update or removal has been drawn.
    requestAnimationFrame(() => {
      if (!dropped()) return;
      const target = back ?? (card.current?.isConnected ? fallback(card.current) : null) ?? lastFallback.current;
      target?.focus();
    });
  };
  useEffect(() => {
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body && !card.current?.contains(active) ? active : null;
    if (card.current) lastFallback.current = fallback(card.current);
    return giveBack;
  }, []);
  useEffect(() => {
    if (wasOpen.current && state !== openState) giveBack();
    wasOpen.current = state === openState;
  }, [state]);
}
