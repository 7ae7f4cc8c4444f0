/**
 * Internal names are dotted (`kb.search`); OpenAI function names must match
 * ^[a-zA-Z0-9_-]{1,64}$, and strict gateways answer a dot with a bare 400. The wire form
 * replaces each dot with `__`. Legal names never contain `__` (an underscore or hyphen only
 * joins two letters or digits), so the mapping is lossless and no two legal names share a
 * wire name.
 */

const SEGMENT = '[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)*';
const LEGAL_NAME = new RegExp(`^${SEGMENT}(?:\\.${SEGMENT})*$`);

export const MAX_WIRE_NAME_LENGTH = 64;

export const toWireName = (name: string): string => name.replace(/\./g, '__');
export const fromWireName = (wireName: string): string => wireName.replace(/__/g, '.');

/** Why a name cannot be registered, or null when it can. */
export function whyIllegalName(name: unknown): string | null {
  if (typeof name !== 'string' || name === '') return 'a tool name must be a non-empty string';
  if (!LEGAL_NAME.test(name)) {
    return (
      `"${name}" is not a legal tool name: use dot-separated segments of ASCII letters and ` +
      'digits, joined inside a segment by single "-" or "_" (e.g. kb.search, ticket.read)'
    );
  }
  const wire = toWireName(name);
  if (wire.length > MAX_WIRE_NAME_LENGTH) {
    return `"${name}" is too long: its wire name "${wire}" has ${wire.length} characters, at most ${MAX_WIRE_NAME_LENGTH} are allowed`;
  }
  return null;
}

export const isLegalToolName = (name: unknown): name is string => whyIllegalName(name) === null;
