/**
 * No secret in the policy. Both browsers hand the managed policy to content scripts as well as to
 * the background (Chromium 156 and Firefox ESR 153 answer `storage.managed.get()` in a content
 * script with the whole policy), and a content script runs inside every helpdesk page: whatever
 * the policy holds, a compromised page script can read. So a credential in it is never used,
 * whatever it is or will be: the model's API key today, an MCP server's bearer token tomorrow. A
 * credential is a setting named like one, or what a URL carries (a user name or password, or a
 * query parameter such as `token`, `key` or `sig`).
 */

/** Setting names that hold a credential: `apiKey`, `bearerToken`, `clientSecret`, `password`, … */
const SECRET_NAME = /(?:key|token|secret|passw(?:or)?d|credentials?|authorization|bearer|cookie)$/i;
/** Query parameters that carry one: `?token=`, `?api_key=`, an Azure SAS `sig=`, `?code=`. */
const SECRET_PARAM = /^(?:.*(?:key|token|secret|passw(?:or)?d|credentials?|auth(?:orization)?)|sig|signature|code)$/i;
/** Deeper than any setting Deskmate has: a value nested deeper is left out unread. */
const MAX_DEPTH = 8;

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

/** The URL without the credential it carries, or null when it carries none (or is no http(s) URL). */
export function withoutCredential(value: string): string | null {
  if (!/^https?:\/\//i.test(value.trim())) return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  const params = [...url.searchParams.keys()].filter((name) => SECRET_PARAM.test(name));
  if (url.username === '' && url.password === '' && params.length === 0) return null;
  url.username = '';
  url.password = '';
  for (const name of params) url.searchParams.delete(name);
  return url.href;
}

/**
 * The raw policy with every secret taken out, and where each was (`model.apiKey`,
 * `knowledgeBaseUrl`, `servers[0].token`): a setting named like a credential is dropped, a URL
 * loses its credential. The setting around it still applies — a restriction is never lifted
 * because it held a secret — but the secret is used nowhere.
 */
export function withoutSecrets(raw: unknown, path = '', depth = 0): { clean: unknown; secrets: string[] } {
  if (typeof raw === 'string') {
    const stripped = path ? withoutCredential(raw) : null;
    return stripped === null ? { clean: raw, secrets: [] } : { clean: stripped, secrets: [path] };
  }
  if (!isObject(raw)) return { clean: raw, secrets: [] };
  if (depth > MAX_DEPTH) return { clean: undefined, secrets: [] };
  const secrets: string[] = [];
  const list = Array.isArray(raw);
  const clean: Record<string, unknown> | unknown[] = list ? [] : {};
  for (const [name, value] of Object.entries(raw)) {
    const at = list ? `${path}[${name}]` : path ? `${path}.${name}` : name;
    if (!list && SECRET_NAME.test(name) && value !== undefined && value !== null && value !== '') {
      secrets.push(at);
      continue;
    }
    const inner = withoutSecrets(value, at, depth + 1);
    secrets.push(...inner.secrets);
    (clean as Record<string, unknown>)[name] = inner.clean;
  }
  return { clean, secrets };
}

/** Why a secret in the policy is not used, for Diagnostics. */
export const secretProblem = (path: string): string =>
  `${path}: a secret in the policy is readable by every content script (both browsers hand the managed policy to them), so Deskmate does not use it; the setting applies without it. Remove it from the policy, and replace it: it has been readable.`;
