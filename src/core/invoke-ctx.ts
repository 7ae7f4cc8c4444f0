import type { InvokeCtx } from './tool';

/** A context as the gates read it: anything that is not well formed grants nothing. */
export function safeCtx(ctx: unknown): InvokeCtx {
  if (ctx === null || typeof ctx !== 'object') return {};
  const { signal, ...c } = ctx as InvokeCtx;
  const flags = c.flags !== null && typeof c.flags === 'object' ? c.flags : undefined;
  const scope = typeof c.scope === 'string' ? c.scope : null;
  const safe: InvokeCtx = { ...c, flags, scope, autonomous: Boolean(c.autonomous) };
  if (isSignal(signal)) safe.signal = signal;
  return safe;
}

// Anything else would make the run guard throw after run had already started. Duck-typed, as
// a signal from another realm (a test DOM, another frame) fails instanceof.
const isSignal = (s: unknown): s is AbortSignal =>
  s !== null &&
  typeof s === 'object' &&
  typeof (s as AbortSignal).aborted === 'boolean' &&
  typeof (s as AbortSignal).addEventListener === 'function' &&
  typeof (s as AbortSignal).removeEventListener === 'function';
