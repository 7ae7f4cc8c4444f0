/**
 * What a team's admin sets through the browser's managed storage (Chrome: the `3rdparty`
 * extension policy, checked against public/managed-schema.json; Firefox: `policies.json`'s
 * `3rdparty.Extensions`, not checked by the browser). Each key is optional: absent means the
 * agent decides. The background reads it (background/access/policy.ts) and enforces it.
 */
export interface Policy {
  /** The model endpoint; used until the agent saves their own settings, or always with `lockModel`. */
  model: { baseURL: string; model: string; apiKey?: string } | null;
  /** The agent cannot change the endpoint and model (nor the key, if the policy gives one). */
  lockModel: boolean;
  /** Sites Deskmate runs on for everyone; no other can be enabled (loopback pages always run). Null: not managed. */
  allowedSites: string[] | null;
  /** Sites where writing and sending are off. */
  readOnlySites: string[];
  /** Sending (reply, internal note) is off on every site. */
  sendDisabled: boolean;
  /** Personal data is masked before it reaches the model, and the agent cannot switch it off. */
  requireMasking: boolean;
  /** The team's instructions, sent with every request; the agent cannot edit them. */
  teamInstructions: string | null;
  /** Site recipes for everyone, each as its JSON text (checked like an imported recipe). */
  recipes: string[];
  /** A knowledge base published at a URL (JSON or Markdown), synced for everyone. */
  knowledgeBaseUrl: string | null;
}

export const NO_POLICY: Policy = {
  model: null,
  lockModel: false,
  allowedSites: null,
  readOnlySites: [],
  sendDisabled: false,
  requireMasking: false,
  teamInstructions: null,
  recipes: [],
  knowledgeBaseUrl: null,
};

/** What the options page and the sidebar learn of the policy: never the key itself. */
export interface PolicyView {
  managed: boolean;
  model: { baseURL: string; model: string; hasKey: boolean } | null;
  lockModel: boolean;
  allowedSites: string[] | null;
  readOnlySites: string[];
  sendDisabled: boolean;
  requireMasking: boolean;
  teamInstructions: boolean;
  recipes: string[];
  knowledgeBaseUrl: string | null;
}

/** The error code of a request the policy refuses. */
export const MANAGED_ERROR = 'Set by your organisation.';

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** An http(s) origin, or null. */
export function httpOrigin(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

const httpUrl = (value: unknown): string | null => (httpOrigin(value) ? (value as string) : null);

function origins(value: unknown, key: string, problems: string[]): string[] {
  if (!Array.isArray(value)) return void problems.push(`${key}: expected a list of sites`), [];
  const out: string[] = [];
  for (const item of value) {
    const origin = httpOrigin(item);
    if (origin) out.push(origin);
    else problems.push(`${key}: ${JSON.stringify(item)} is not an http(s) site`);
  }
  return [...new Set(out)].sort();
}

/**
 * The policy from what managed storage holds. Firefox checks nothing against the schema, so every
 * key is checked here: a key of the wrong shape is left out (as Chrome drops it) and named.
 */
export function parsePolicy(raw: unknown): { policy: Policy; problems: string[] } {
  const problems: string[] = [];
  if (!isObject(raw)) return { policy: NO_POLICY, problems: raw == null ? [] : ['the policy is not an object'] };
  const p: Policy = { ...NO_POLICY, readOnlySites: [], recipes: [] };
  const bool = (key: string): boolean => {
    if (raw[key] === undefined) return false;
    if (typeof raw[key] === 'boolean') return raw[key] as boolean;
    problems.push(`${key}: expected true or false`);
    return false;
  };
  if (raw.model !== undefined) {
    const m = raw.model;
    if (isObject(m) && httpUrl(m.baseURL) && typeof m.model === 'string' && m.model.trim() && (m.apiKey === undefined || typeof m.apiKey === 'string')) {
      p.model = { baseURL: m.baseURL as string, model: m.model.trim(), ...(typeof m.apiKey === 'string' && m.apiKey ? { apiKey: m.apiKey } : {}) };
    } else problems.push('model: expected { baseURL (http or https), model, apiKey? }');
  }
  p.lockModel = bool('lockModel') && p.model !== null;
  if (raw.allowedSites !== undefined) p.allowedSites = origins(raw.allowedSites, 'allowedSites', problems);
  if (raw.readOnlySites !== undefined) p.readOnlySites = origins(raw.readOnlySites, 'readOnlySites', problems);
  p.sendDisabled = bool('sendDisabled');
  p.requireMasking = bool('requireMasking');
  if (raw.teamInstructions !== undefined) {
    if (typeof raw.teamInstructions === 'string') p.teamInstructions = raw.teamInstructions;
    else problems.push('teamInstructions: expected text');
  }
  if (raw.recipes !== undefined) {
    if (Array.isArray(raw.recipes) && raw.recipes.every((r) => typeof r === 'string')) p.recipes = raw.recipes as string[];
    else problems.push('recipes: expected a list of recipe JSON texts');
  }
  if (raw.knowledgeBaseUrl !== undefined) {
    p.knowledgeBaseUrl = httpUrl(raw.knowledgeBaseUrl);
    if (!p.knowledgeBaseUrl) problems.push('knowledgeBaseUrl: expected an http(s) URL');
  }
  return { policy: p, problems };
}

export const isManaged = (p: Policy): boolean => JSON.stringify(p) !== JSON.stringify(NO_POLICY);

export function policyView(p: Policy, recipeSites: string[] = []): PolicyView {
  return {
    managed: isManaged(p),
    model: p.model && { baseURL: p.model.baseURL, model: p.model.model, hasKey: p.model.apiKey !== undefined },
    lockModel: p.lockModel,
    allowedSites: p.allowedSites,
    readOnlySites: p.readOnlySites,
    sendDisabled: p.sendDisabled,
    requireMasking: p.requireMasking,
    teamInstructions: p.teamInstructions !== null,
    recipes: recipeSites,
    knowledgeBaseUrl: p.knowledgeBaseUrl,
  };
}
