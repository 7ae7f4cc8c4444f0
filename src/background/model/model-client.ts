import { browser } from 'wxt/browser';
import type { ChatModel } from '../../core';
import { originPattern } from '../../shared/settings';
import { log } from '../diagnostics/logger';
import { defineLazyScript } from '../lazy-script';
import { MODEL_CLIENT_GLOBAL, type ModelClientModule } from './model-client-module';
import type { ModelSettings } from './model-settings';

/**
 * Built from entrypoints/model-client.ts, beside background.js; kept at install (host.ts). A worker
 * woken for anything but a model request (a page announcing its ticket, a confirm, the options
 * page) never runs it; the first turn or "Test connection" does.
 */
export const modelClientScript = defineLazyScript<ModelClientModule>('/model-client.js', MODEL_CLIENT_GLOBAL, 'model client');

/** Whether the extension may reach the endpoint's origin; when the browser cannot say, asked anyway (the request itself tells). */
async function hostPermission(baseURL: string): Promise<boolean> {
  try {
    return await browser.permissions.contains({ origins: [originPattern(baseURL)] });
  } catch (e) {
    log.info('model', 'Could not check the permission for the model endpoint', e);
    return true;
  }
}

/** The model of these settings; the client script runs at its first request. */
export const createLazyOpenAIModel = (settings: ModelSettings): ChatModel => ({
  async *stream(request) {
    const client = await modelClientScript.load();
    yield* client.createOpenAIModel(settings, hostPermission).stream(request);
  },
});

/** The endpoint's models (`GET /models`), through the client script. */
export const listModels = async (settings: ModelSettings, timeoutMs?: number): Promise<string[]> => (await modelClientScript.load()).listModels(settings, timeoutMs, hostPermission);
