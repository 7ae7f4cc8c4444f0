/**
 * Values found once, found again wherever they stand. An address is found by its context (a
 * postcode needs a place and a comma or a street before it), so "46004 Valencia" in the ticket
 * may stand in the model's draft as "…, 46004 Valencia this week", which the patterns alone do
 * not take for an address. The masker remembers each address it masked and masks it again in
 * any context, in any case and spacing.
 */
export interface KnownValues {
  add(copied: string, key: string): void;
  /** Each occurrence in a matching copy, with the key it was added under. */
  find(text: string): { start: number; end: number; key: string }[];
}

const fold = (s: string): string => s.toLowerCase().replace(/\s+/g, ' ');
const asPattern = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');

export function createKnownValues(): KnownValues {
  const keys = new Map<string, string>();
  let pattern: RegExp | null = null;
  return {
    add(copied, key) {
      const folded = fold(copied.trim());
      if (!folded || keys.has(folded)) return;
      keys.set(folded, key);
      pattern = null;
    },
    find(text) {
      if (!keys.size) return [];
      pattern ??= new RegExp(`(?<![\\p{L}\\p{N}])(?:${[...keys.keys()].sort((a, b) => b.length - a.length).map(asPattern).join('|')})(?![\\p{L}\\p{N}])`, 'giu');
      return [...text.matchAll(pattern)].flatMap((m) => {
        const key = keys.get(fold(m[0]));
        return key === undefined ? [] : [{ start: m.index, end: m.index + m[0].length, key }];
      });
    },
  };
}
