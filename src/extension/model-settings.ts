import { modelItem } from './items';

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

/** The key stays in the background's vault: no content script can read it or change the base URL. */
export async function loadModelSettings(): Promise<ModelSettings> {
  return { ...defaultModelSettings(), ...(await modelItem.get()) };
}

export async function saveModelSettings(settings: ModelSettings): Promise<void> {
  await modelItem.set(settings);
}

/** What is wrong with settings before any request is made, or null. */
export function checkModelSettings(s: ModelSettings): string | null {
  let url: URL;
  try {
    url = new URL(s.baseURL);
  } catch {
    return 'The base URL is not a valid URL (for example https://api.openai.com/v1).';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'The base URL must start with http:// or https://.';
  if (!s.model.trim()) return 'Choose a model.';
  return null;
}

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
