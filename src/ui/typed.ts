import { createTypedKeeper } from './typed-keeper';

/** The page's keeper of typed text: one for every field the page shows (see typed-keeper.ts). */
export const typed = createTypedKeeper();

/**
 * A page going away (a closed side panel, a closed options tab) or out of sight sends what was
 * typed at once: the port delivers it before it closes. Returns the way to stop.
 */
export function flushTypedOnLeave(): () => void {
  const leave = () => void typed.flush();
  const hidden = () => document.visibilityState === 'hidden' && leave();
  // Closing a side panel unloads its page without unmounting components.
  addEventListener('pagehide', leave);
  document.addEventListener('visibilitychange', hidden);
  return () => {
    removeEventListener('pagehide', leave);
    document.removeEventListener('visibilitychange', hidden);
  };
}
