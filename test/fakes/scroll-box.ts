/**
 * Layout for one kind of scroll box under happy-dom, which lays nothing out (every height is 0).
 * Boxes matching `selector` get the heights a browser would give them; `scrollTop` is clamped to
 * the scrollable range the way a browser clamps it. Returns a function that removes the fake.
 */
export function fakeScrollBox(selector: string, size: { clientHeight: number; scrollHeight: number }): () => void {
  const proto = HTMLElement.prototype;
  const top = new WeakMap<Element, number>();
  const keys = ['clientHeight', 'scrollHeight', 'scrollTop'] as const;
  const own = keys.map((k) => [k, Object.getOwnPropertyDescriptor(proto, k)] as const);
  const saved = keys.map((k) => [k, Object.getOwnPropertyDescriptor(proto, k) ?? Object.getOwnPropertyDescriptor(Element.prototype, k)] as const);
  const mine = (el: Element) => el.matches(selector);
  const original = (key: string, el: Element) => saved.find(([k]) => k === key)?.[1]?.get?.call(el) as number;
  Object.defineProperty(proto, 'clientHeight', { configurable: true, get() { return mine(this) ? size.clientHeight : original('clientHeight', this); } });
  Object.defineProperty(proto, 'scrollHeight', { configurable: true, get() { return mine(this) ? size.scrollHeight : original('scrollHeight', this); } });
  Object.defineProperty(proto, 'scrollTop', {
    configurable: true,
    get() { return mine(this) ? (top.get(this) ?? 0) : original('scrollTop', this); },
    set(value: number) {
      if (mine(this)) top.set(this, Math.max(0, Math.min(value, size.scrollHeight - size.clientHeight)));
      else saved.find(([k]) => k === 'scrollTop')?.[1]?.set?.call(this, value);
    },
  });
  return () => {
    for (const [key, descriptor] of own) {
      if (descriptor) Object.defineProperty(proto, key, descriptor);
      else delete (proto as unknown as Record<string, unknown>)[key];
    }
  };
}

/** Scrolls a box as a person would: the position changes, then the browser fires `scroll`. */
export function scrollBoxTo(el: HTMLElement, scrollTop: number): void {
  el.scrollTop = scrollTop;
  el.dispatchEvent(new Event('scroll'));
}
