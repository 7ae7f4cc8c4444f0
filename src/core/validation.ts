import { Validator, type OutputUnit } from '@cfworker/json-schema';
import type { JsonSchema } from './tool';

/**
 * Input validation with @cfworker/json-schema: it interprets schemas instead of compiling
 * them, so it works where extension pages forbid eval and new Function.
 */
export type InputCheck = { ok: true } | { ok: false; message: string };

// Keywords that only say "a child failed"; the child's own error says what to fix.
const SUMMARY_KEYWORDS = new Set(['properties', 'items', 'false', 'allOf', 'anyOf', '$ref']);

export function createInputValidator(schema: JsonSchema): (input: unknown) => InputCheck {
  // Its own copy: the validator annotates the schema it is given (which fails on a frozen one),
  // and whoever holds the tool's schema must not change what is enforced.
  const own = structuredClone(schema) as object as Record<string, unknown>;
  // Built at the first check: a worker's start makes a validator for every message type and
  // tool, and one message needs one of them.
  let validator: Validator | undefined;
  return (input) => {
    validator ??= new Validator(own, '2020-12', false);
    const { valid, errors } = validator.validate(input);
    if (valid) return { ok: true };
    return { ok: false, message: describe(errors) };
  };
}

function describe(errors: OutputUnit[]): string {
  const useful = errors.filter((e) => !SUMMARY_KEYWORDS.has(e.keyword));
  const shown = (useful.length > 0 ? useful : errors).slice(0, 5);
  return shown.map((e) => `${where(e.instanceLocation)}: ${e.error}`).join(' ');
}

const where = (location: string): string =>
  'input' + location.replace(/^#/, '').replace(/\/([^/]*)/g, (_, key: string) => `.${key}`);
