/** Settings the background keeps and the options page and sidebar edit. */

/** Where the assistant's model is: any OpenAI-compatible endpoint. */
export interface ModelSettings {
  preset: PresetId;
  baseURL: string;
  apiKey: string;
  model: string;
  /** Mask personal data before it reaches the model; unset means on unless the endpoint is on loopback. */
  maskPersonalData?: boolean;
}

export type PresetId = 'demo' | 'openai' | 'ollama' | 'custom';

export interface Preset {
  id: PresetId;
  baseURL: string;
  model: string;
  needsKey: boolean;
}

export const DEMO_MODEL_ID = 'deskmate-demo';

export const PRESETS: readonly Preset[] = [
  // The offline demo (npm run demo) is the default: it works with nothing configured.
  { id: 'demo', baseURL: 'http://127.0.0.1:4518/v1', model: DEMO_MODEL_ID, needsKey: false },
  { id: 'openai', baseURL: 'https://api.openai.com/v1', model: 'gpt-4o-mini', needsKey: true },
  { id: 'ollama', baseURL: 'http://localhost:11434/v1', model: 'llama3.1', needsKey: false },
  { id: 'custom', baseURL: '', model: '', needsKey: false },
];

export const defaultModelSettings = (): ModelSettings => ({ preset: 'demo', baseURL: PRESETS[0]!.baseURL, apiKey: '', model: DEMO_MODEL_ID });

const LOOPBACK_HOSTS = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/** Whether requests to this endpoint stay on this machine. */
export function isLoopbackEndpoint(baseURL: string): boolean {
  try {
    return LOOPBACK_HOSTS.test(new URL(baseURL).hostname);
  } catch {
    return false;
  }
}

/** Whether personal data is masked for these settings: as chosen, else for any endpoint off this machine. */
export const masksPersonalData = (s: ModelSettings): boolean => s.maskPersonalData ?? !isLoopbackEndpoint(s.baseURL);

/** The host permission pattern for an endpoint, e.g. `https://api.openai.com/*` (match patterns take no port). */
export const originPattern = (baseURL: string): string => {
  const url = new URL(baseURL);
  return `${url.protocol}//${url.hostname}/*`;
};

/**
 * What "Test connection" (and the sidebar's readiness check) found. `kind` is a model error kind,
 * or `model_missing` (the server answers but has no such model) or `no_model` (none chosen).
 */
export interface ConnectionReport {
  ok: boolean;
  kind?: string;
  /** In English, for a kind the UI has no words of its own for. */
  error?: string;
  /** The HTTP status, when there was an answer. */
  status?: number;
  /** The models the server lists, sorted (empty when it could not be asked). */
  models: string[];
}

/** Whether the sidebar can chat: settings saved (or not), the endpoint checked, the knowledge base counted. */
export interface SetupStatus {
  /** The agent has saved model settings at least once. */
  configured: boolean;
  settings: { preset: PresetId; baseURL: string; model: string; hasKey: boolean };
  connection: ConnectionReport;
  kbArticles: number;
}

/** Per-site switches: an agent can put a site in read-only mode. */
export interface SiteSettings {
  origin: string;
  write: boolean;
  send: boolean;
  /** The helpdesk last seen there, for the options page. */
  adapterTitle?: string;
  /** Switches the organisation's policy holds off: the agent cannot turn them on. */
  locked?: ('write' | 'send')[];
}

/**
 * The match pattern for an origin's pages. Without the port: Firefox grants a pattern with a
 * port but then matches no page with it, and a pattern without one covers every port.
 */
export const sitePattern = (origin: string): string => {
  const url = new URL(origin);
  return `${url.protocol}//${url.hostname}/*`;
};
