import { ModelError } from '../core';

/** A failed model request as a short answer for the settings page. */
export function toModelErrorMessage(e: unknown): { kind: string; error: string } {
  if (e instanceof ModelError) return { kind: e.kind, error: e.message };
  return { kind: 'unknown', error: e instanceof Error ? e.message : String(e) };
}
