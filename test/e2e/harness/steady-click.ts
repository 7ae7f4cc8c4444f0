/**
 * What a trusted click needs from the page, in either browser: where the element's centre is
 * once it has stopped moving, and whether the click event then reached it. Both run in the page
 * (serialised), so they use nothing from this module's scope.
 */

/** One look at the element: its centre, scrolled into view, and whether that spot is really its. */
export interface Spot {
  x: number;
  y: number;
  width: number;
  height: number;
  onTop: boolean;
  disabled: boolean;
}

export const NO_SPOT: Spot = { x: 0, y: 0, width: 0, height: 0, onTop: false, disabled: false };

export function lookAt(selector: string): Spot {
  const element = document.querySelector(selector)!;
  element.scrollIntoView({ block: 'center', inline: 'center' });
  const { x, y, width, height } = element.getBoundingClientRect();
  const hit = document.elementFromPoint(x + width / 2, y + height / 2);
  const disabled = (element as HTMLButtonElement).disabled === true;
  return { x: x + width / 2, y: y + height / 2, width, height, onTop: !!hit && (hit === element || element.contains(hit)), disabled };
}

/**
 * A spot to click once two looks in a row agree (nothing is still moving: a list scrolling to
 * its end as a streamed answer grows), the element is visible and on top, and (unless
 * `evenIfDisabled`) enabled, as a person waits for a busy button. Undefined: look again.
 */
export function steady(before: Spot, last: Spot, evenIfDisabled: boolean): Spot | undefined {
  const still = before.x === last.x && before.y === last.y && before.width === last.width && before.height === last.height;
  return still && last.width > 0 && last.height > 0 && last.onTop && (evenIfDisabled || !last.disabled) ? last : undefined;
}

/** Notes where the next click event goes: 'target' (the element or inside it), or what it hit. */
export function landingWatch(selector: string): void {
  const target = document.querySelector(selector);
  const w = window as unknown as { __deskmateTestClick?: string };
  w.__deskmateTestClick = 'nothing';
  document.addEventListener(
    'click',
    (event) => {
      const hit = event.target as Element | null;
      w.__deskmateTestClick = hit && target && (hit === target || target.contains(hit)) ? 'target' : (hit?.outerHTML.slice(0, 120) ?? 'nothing');
    },
    { capture: true, once: true },
  );
}

/** Where the watched click went; 'gone' when the page is a new document (the click navigated it). */
export function landed(): string {
  return (window as unknown as { __deskmateTestClick?: string }).__deskmateTestClick ?? 'gone';
}
