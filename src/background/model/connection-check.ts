import { toModelError } from '../../core';
import type { ConnectionReport } from '../../shared/settings';
import { checkModelSettings, type ModelSettings } from './model-settings';
import { listModels } from './model-client';

/**
 * "Test connection", and the sidebar's question whether the model is ready: the endpoint
 * answers like an OpenAI-compatible API, takes the key, and offers the chosen model. A server
 * that lists no models at all cannot be asked, so its model counts as there.
 */
export async function checkConnection(settings: ModelSettings, timeoutMs?: number): Promise<ConnectionReport> {
  const problem = checkModelSettings({ ...settings, model: settings.model || '-' });
  if (problem) return { ok: false, kind: 'bad_request', error: problem, models: [] };
  let models: string[];
  try {
    models = await listModels(settings, timeoutMs);
  } catch (e) {
    const error = toModelError(e);
    return { ok: false, kind: error.kind, error: error.message, models: [], ...(error.status ? { status: error.status } : {}) };
  }
  const model = settings.model.trim();
  if (!model) return { ok: false, kind: 'no_model', error: 'Choose a model.', models };
  if (models.length > 0 && !models.includes(model)) {
    return { ok: false, kind: 'model_missing', error: `The server has no model "${model}".`, models };
  }
  return { ok: true, models };
}
