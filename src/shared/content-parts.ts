/**
 * The scripts a content script may ask the background to run in its own tab, each by a fixed
 * name: the code a page needs only now and then (the adapters' tools and the recipe engine, once a
 * tool runs; Readability, for reading an article; teach mode's picker and steps; the check of a
 * site's own recipe and its highlight), kept out of the script every page of an enabled site
 * parses at load. The background runs the file of a name on this list and nothing else: never a
 * name or a path a page or a message gives.
 */
export const CONTENT_PARTS = {
  tools: 'page-tools.js',
  readable: 'page-readable.js',
  teach: 'page-teach.js',
  recipes: 'page-recipes.js',
} as const;

export type ContentPartName = keyof typeof CONTENT_PARTS;

export const CONTENT_PART_NAMES = Object.keys(CONTENT_PARTS) as ContentPartName[];

/** The file of a part the list names, or null for any other string (a key of Object's prototype included). */
export function contentPartFile(name: string): string | null {
  return Object.hasOwn(CONTENT_PARTS, name) ? CONTENT_PARTS[name as ContentPartName] : null;
}
