import { defaultModelSettings, type ModelSettings } from '../../shared/settings';
import { modelUnderPolicy } from '../../shared/policy-merge';
import { modelItem } from '../storage/items';
import { managedPolicy } from '../access/policy';

export {
  DEMO_MODEL_ID,
  PRESETS,
  defaultModelSettings,
  isLoopbackEndpoint,
  masksPersonalData,
  originPattern,
  type ModelSettings,
  type Preset,
  type PresetId,
} from '../../shared/settings';

/**
 * The settings in force: the agent's own with the organisation's policy over them. The key stays
 * in the background's vault: no content script can read it or change the base URL.
 */
export async function loadModelSettings(): Promise<ModelSettings> {
  const [{ own, saved }, policy] = await Promise.all([ownSettings(), managedPolicy.get()]);
  return modelUnderPolicy({ ...defaultModelSettings(), ...own }, saved, policy);
}

/** Only the options page, through the background, saves: the next turn uses what it saved. */
export async function saveModelSettings(settings: ModelSettings): Promise<void> {
  await modelItem.set(settings);
}

// The item is kept in memory (written through), so once read this costs no storage round trip;
// whether it exists is asked after the read, which answers it from memory.
async function ownSettings(): Promise<{ own: ModelSettings; saved: boolean }> {
  const own = await modelItem.get();
  return { own, saved: await modelItem.exists() };
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
