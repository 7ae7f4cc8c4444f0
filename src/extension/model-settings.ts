import { defaultModelSettings, type ModelSettings } from '../shared/settings';
import { modelUnderPolicy } from '../shared/policy-merge';
import { modelItem } from './items';
import { managedPolicy } from './policy';
import { vaultGeneration } from './vault';

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
} from '../shared/settings';

/**
 * The settings in force: the agent's own with the organisation's policy over them. The key stays
 * in the background's vault: no content script can read it or change the base URL.
 */
export async function loadModelSettings(): Promise<ModelSettings> {
  const [{ own, saved }, policy] = await Promise.all([ownSettings(), managedPolicy.get()]);
  return modelUnderPolicy({ ...defaultModelSettings(), ...own }, saved, policy);
}

export async function saveModelSettings(settings: ModelSettings): Promise<void> {
  writes++;
  kept = undefined; // a failed write leaves storage to say what is true
  await modelItem.set(settings);
  writes++;
  kept = { own: { ...settings }, saved: true, generation: vaultGeneration() };
}

// Every turn reads the settings before its first request, so what is stored is kept in memory
// too. Only saveModelSettings writes the item (the options page asks the background), and a
// restarted worker reads it again; a read that a save overtook is not kept. The policy goes
// over it at each read, so a policy change counts at once.
let kept: { own: ModelSettings; saved: boolean; generation: number } | undefined;
let writes = 0;

async function ownSettings(): Promise<{ own: ModelSettings; saved: boolean }> {
  if (kept && kept.generation === vaultGeneration()) return kept;
  const before = writes;
  const generation = vaultGeneration();
  const [own, saved] = await Promise.all([modelItem.get(), modelItem.exists()]);
  if (writes !== before) return ownSettings();
  kept = { own, saved, generation };
  return kept;
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
