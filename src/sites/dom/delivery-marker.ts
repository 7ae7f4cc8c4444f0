import type { ReplyPayload, SendToolName } from '../adapter';

/**
 * A note, in the tab's sessionStorage, that a page is about to post a confirmed reply and then
 * reload: the content script dies with the old page, so the next page of the same tab and site
 * reads the note to find out what became of it (Adapter.afterLoad). sessionStorage survives a
 * same-tab navigation and is scoped to the origin, which is exactly the reach needed.
 */
export interface DeliveryMarker {
  adapter: string;
  /** What was posted; a marker written before notes were sends is a reply's. */
  tool?: SendToolName;
  /** The ticket's key on the site (its id). */
  key: string;
  payload: ReplyPayload;
  /** The largest thread item id before the post: the reply must be newer... */
  after: number;
  /** A recipe's copies of the text by role before the click (the reply must be new in the role promised). */
  roles?: Partial<Record<'customer' | 'agent' | 'internal' | 'system', number>>;
  /** ...or be this draft, which the form was continuing (null: none). */
  draft: number | null;
  /** Date.now() at the click. */
  at: number;
}

const KEY = 'deskmate.delivery';
/** A page that loads later than this after the click is not the page the post led to. */
export const MARKER_MAX_AGE_MS = 2 * 60_000;

/** Writes the marker; false when the page's storage is unavailable (then no page can report). */
export function markDelivery(win: Window, marker: DeliveryMarker): boolean {
  try {
    win.sessionStorage.setItem(KEY, JSON.stringify(marker));
    return true;
  } catch {
    return false;
  }
}

export function clearDelivery(win: Window): void {
  try {
    win.sessionStorage.removeItem(KEY);
  } catch {
    // Storage unavailable: there is no marker to clear.
  }
}

/**
 * Whether a fresh marker waits for this page, without taking it: the content script loads the
 * adapters' tools (afterLoad) only then. The page can write one too; afterLoad checks what it takes.
 */
export function deliveryPending(win: Window, now = Date.now()): boolean {
  try {
    const at = (JSON.parse(win.sessionStorage.getItem(KEY) ?? 'null') as { at?: unknown } | null)?.at;
    return typeof at === 'number' && now - at >= 0 && now - at <= MARKER_MAX_AGE_MS;
  } catch {
    return false;
  }
}

/** Reads and removes the marker `adapter` left, when it is fresh; a marker is read at most once. */
export function takeDelivery(win: Window, adapter: string, now = Date.now()): DeliveryMarker | null {
  let raw: string | null;
  try {
    raw = win.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  clearDelivery(win);
  try {
    const marker = JSON.parse(raw) as DeliveryMarker;
    const fresh = typeof marker.at === 'number' && now - marker.at >= 0 && now - marker.at <= MARKER_MAX_AGE_MS;
    const shaped = typeof marker.key === 'string' && typeof marker.payload?.body === 'string' && typeof marker.after === 'number';
    return marker.adapter === adapter && fresh && shaped ? marker : null;
  } catch {
    return null;
  }
}
