import { parseMcpServers, type PolicyMcpServer } from './policy-mcp';
import { withoutSecrets } from './policy-secrets';

/**
 * What a team's admin sets through the browser's managed storage (Chrome: the `3rdparty`
 * extension policy, checked against public/managed-schema.json; Firefox: `policies.json`'s
 * `3rdparty.Extensions`, not checked by the browser). Each key is optional: absent means the
 * agent decides. The background reads it (background/access/policy.ts) and enforces it. It carries
 * no secret (policy-secrets.ts): content scripts can read it.
 */
export interface Policy {
  /** The model endpoint; used until the agent saves their own settings, or always with `lockModel`. The key is the agent's. */
  model: { baseURL: string; model: string } | null;
  /** The agent cannot change the endpoint and model. */
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
  /** MCP servers for everyone, with the organisation's grades per tool (policy-mcp.ts). */
  mcpServers: PolicyMcpServer[];
  /** Where the policy holds a secret (`model.apiKey`): each is left out, and the options page says so. */
  secrets: string[];
  /** What else was left out of the policy, and why: shown on the options page and under Diagnostics. */
  problems: string[];
  /**
   * Why a policy that is there could not be read, or null. While it is set Deskmate fails closed:
   * it runs on no site, sends nothing and asks the model nothing (see `unreadablePolicy`).
   */
  unreadable: string | null;
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
  mcpServers: [],
  secrets: [],
  problems: [],
  unreadable: null,
};

/**
 * A policy that is there but cannot be read, whatever it meant to allow: no site (loopback pages
 * included), no sending, masking on, and no model request until it can be read again.
 */
export const unreadablePolicy = (reason: string): Policy => ({
  ...NO_POLICY,
  allowedSites: [],
  sendDisabled: true,
  requireMasking: true,
  unreadable: reason,
});

/** What the options page and the sidebar learn of the policy. */
export interface PolicyView {
  managed: boolean;
  model: { baseURL: string; model: string } | null;
  lockModel: boolean;
  allowedSites: string[] | null;
  readOnlySites: string[];
  sendDisabled: boolean;
  requireMasking: boolean;
  teamInstructions: boolean;
  recipes: string[];
  knowledgeBaseUrl: string | null;
  secrets: string[];
  problems: string[];
  unreadable: string | null;
}

/** The error code of a request the policy refuses. */
export const MANAGED_ERROR = 'Set by your organisation.';

/** What a request is answered while the policy is unreadable. */
export const POLICY_UNREADABLE = "Your organisation's policy could not be read, so Deskmate is off until it can. The options page says why.";

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

/** The settings a policy may hold; any other key is named and left out. */
const KEYS = new Set(['model', 'lockModel', 'allowedSites', 'readOnlySites', 'sendDisabled', 'requireMasking', 'teamInstructions', 'recipes', 'knowledgeBaseUrl', 'mcpServers']);

/**
 * The policy from what managed storage holds. Firefox checks nothing against the schema, so every
 * key is checked here: a key of the wrong shape, or of a name Deskmate does not know, is left out
 * (as Chrome drops it) and named. A secret is taken out first and named (policy-secrets.ts): the
 * setting around it applies without it. Nothing or `{}` is no policy; a policy that is there but
 * of which nothing can be read is unreadable, and fails closed.
 */
export function parsePolicy(managed: unknown): Policy {
  if (managed === null || managed === undefined) return NO_POLICY;
  if (!isObject(managed)) return unreadablePolicy('it is not an object');
  const names = Object.keys(managed);
  if (names.length === 0) return NO_POLICY;
  const { clean, secrets } = withoutSecrets(managed);
  if (!names.some((name) => KEYS.has(name))) {
    return { ...unreadablePolicy(`none of its settings is one Deskmate knows: ${names.slice(0, 5).join(', ')}`), secrets };
  }
  // What is read from here on holds no secret: each was taken out (policy-secrets.ts).
  const raw = clean as Record<string, unknown>;
  const problems: string[] = [];
  const p: Policy = { ...NO_POLICY, readOnlySites: [], recipes: [], mcpServers: [], secrets };
  const has = (key: string) => raw[key] !== undefined;
  const bool = (key: string): boolean => {
    if (!has(key)) return false;
    if (typeof raw[key] === 'boolean') return raw[key] as boolean;
    problems.push(`${key}: expected true or false`);
    return false;
  };
  for (const name of Object.keys(raw)) if (!KEYS.has(name)) problems.push(`${name}: not a setting Deskmate knows; left out`);
  if (has('model')) {
    const m = raw.model;
    if (isObject(m) && httpUrl(m.baseURL) && typeof m.model === 'string' && m.model.trim()) p.model = { baseURL: m.baseURL as string, model: m.model.trim() };
    else problems.push('model: expected { baseURL (http or https), model }');
  }
  p.lockModel = bool('lockModel') && p.model !== null;
  if (has('allowedSites')) p.allowedSites = origins(raw.allowedSites, 'allowedSites', problems);
  if (has('readOnlySites')) p.readOnlySites = origins(raw.readOnlySites, 'readOnlySites', problems);
  p.sendDisabled = bool('sendDisabled');
  p.requireMasking = bool('requireMasking');
  if (has('teamInstructions')) {
    if (typeof raw.teamInstructions === 'string') p.teamInstructions = raw.teamInstructions;
    else problems.push('teamInstructions: expected text');
  }
  if (has('recipes')) {
    if (Array.isArray(raw.recipes) && raw.recipes.every((r) => typeof r === 'string')) p.recipes = raw.recipes as string[];
    else problems.push('recipes: expected a list of recipe JSON texts');
  }
  if (has('knowledgeBaseUrl')) {
    p.knowledgeBaseUrl = httpUrl(raw.knowledgeBaseUrl);
    if (!p.knowledgeBaseUrl) problems.push('knowledgeBaseUrl: expected an http(s) URL');
  }
  if (has('mcpServers')) p.mcpServers = parseMcpServers(raw.mcpServers, problems);
  p.problems = problems;
  return p;
}

export const isManaged = (p: Policy): boolean => JSON.stringify(p) !== JSON.stringify(NO_POLICY);

export function policyView(p: Policy, recipeSites: string[] = []): PolicyView {
  return {
    managed: isManaged(p),
    model: p.model && { baseURL: p.model.baseURL, model: p.model.model },
    lockModel: p.lockModel,
    allowedSites: p.allowedSites,
    readOnlySites: p.readOnlySites,
    sendDisabled: p.sendDisabled,
    requireMasking: p.requireMasking,
    teamInstructions: p.teamInstructions !== null,
    recipes: recipeSites,
    knowledgeBaseUrl: p.knowledgeBaseUrl,
    secrets: p.secrets,
    problems: p.problems,
    unreadable: p.unreadable,
  };
}
