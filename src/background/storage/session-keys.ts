interface KeyedArea {
  get(keys: null): Promise<Record<string, unknown>>;
  getKeys?(): Promise<string[]>;
}

/**
 * The keys of a storage area without reading every value where the browser can (getKeys:
 * Chrome 130, Firefox 143); otherwise every value is read once.
 */
export async function storedKeys(area: unknown): Promise<string[]> {
  const keyed = area as KeyedArea;
  if (typeof keyed.getKeys === 'function') return keyed.getKeys();
  return Object.keys(await keyed.get(null));
}
