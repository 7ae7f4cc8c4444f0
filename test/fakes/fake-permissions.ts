import { fakeBrowser } from 'wxt/testing';

/**
 * The browser's host permissions (WXT's fake browser has none): the manifest's
 * `host_permissions` plus what `request` was granted, matched as Chrome and Firefox match
 * patterns (`scheme://host/path`, `*` scheme for http and https, `*.` host prefix, no port).
 * `answer` is the person's answer to a request's prompt.
 */
export function installFakePermissions(manifest: string[], answer: (origins: string[]) => boolean = () => false) {
  const granted = new Set(manifest);
  const requests: string[][] = [];
  const covers = (have: string, want: string): boolean => {
    const h = /^(\*|https?):\/\/([^/]+)(\/.*)$/.exec(have);
    const w = /^(\*|https?):\/\/([^/]+)(\/.*)$/.exec(want);
    if (!h || !w) return false;
    const scheme = h[1] === '*' ? w[1] !== '*' : h[1] === w[1];
    const host = h[2] === '*' || h[2] === w[2] || (h[2]!.startsWith('*.') && (w[2] === h[2]!.slice(2) || w[2]!.endsWith(h[2]!.slice(1))));
    const path = h[3] === '/*' || h[3] === w[3];
    return scheme && host && path;
  };
  const has = (origins: string[]) => origins.every((o) => [...granted].some((g) => covers(g, o)));
  const p = fakeBrowser.permissions as unknown as Record<string, unknown>;
  p.contains = async ({ origins = [] }: { origins?: string[] }) => has(origins);
  p.request = async ({ origins = [] }: { origins?: string[] }) => {
    requests.push(origins);
    if (has(origins)) return true;
    if (!answer(origins)) return false;
    for (const o of origins) granted.add(o);
    return true;
  };
  p.remove = async ({ origins = [] }: { origins?: string[] }) => origins.map((o) => granted.delete(o)).some(Boolean);
  return { granted, requests };
}
