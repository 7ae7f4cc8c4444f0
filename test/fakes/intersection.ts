/**
 * IntersectionObserver for happy-dom, whose own never calls back. happy-dom lays nothing out,
 * so by default every observed element is in view, reported at once when observed (a browser
 * reports each target's first state too, a frame later). A test that needs a fold hides the
 * elements matching a selector with `outOfView`, then brings them into view with `intoView`, as a
 * scroll would.
 */
type Callback = (entries: { target: Element; isIntersecting: boolean }[]) => void;

const observers = new Set<FakeIntersectionObserver>();
const hidden = new Set<string>();
const inView = (el: Element) => ![...hidden].some((selector) => el.matches(selector));

class FakeIntersectionObserver {
  private readonly targets = new Set<Element>();
  constructor(private readonly callback: Callback) {}
  observe(target: Element) {
    this.targets.add(target);
    observers.add(this);
    this.callback([{ target, isIntersecting: inView(target) }]);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
    observers.delete(this);
  }
  takeRecords() {
    return [];
  }
  /** Reports the targets whose state `changed` says changed. */
  report(changed: (target: Element) => boolean) {
    const entries = [...this.targets].filter(changed).map((target) => ({ target, isIntersecting: inView(target) }));
    if (entries.length) this.callback(entries);
  }
}

export function installIntersectionObserver(): void {
  hidden.clear();
  (globalThis as Record<string, unknown>).IntersectionObserver = FakeIntersectionObserver;
}

/** Elements matching `selector` are out of view from now on (observed later or already). */
export function outOfView(selector: string): void {
  hidden.add(selector);
  for (const o of [...observers]) o.report((target) => target.matches(selector));
}

/** Elements matching `selector` come into view, and their observers are told. */
export function intoView(selector: string): void {
  hidden.delete(selector);
  for (const o of [...observers]) o.report((target) => target.matches(selector));
}
