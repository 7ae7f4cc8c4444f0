import { Component, type ComponentType, type VNode } from 'preact';

const sameProps = (a: object, b: object): boolean => {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => (a as Record<string, unknown>)[k] === (b as Record<string, unknown>)[k]);
};

/**
 * A component that renders again only when one of its props changed (by identity), as
 * preact/compat's `memo` does, without bringing compat into the bundle. Callbacks must be
 * stable for it to help: a new function each render counts as a change.
 */
export function memo<P extends object>(render: (props: P) => VNode | null): ComponentType<P> {
  return class Memo extends Component<P> {
    override shouldComponentUpdate(next: P): boolean {
      return !sameProps(this.props, next);
    }
    override render(props: P): VNode | null {
      return render(props);
    }
  };
}
