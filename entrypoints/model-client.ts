import { createOpenAIModel, listModels } from '@/src/background/model/openai-model';
import { MODEL_CLIENT_GLOBAL, type ModelClientModule } from '@/src/background/model/model-client-module';

/**
 * The OpenAI-compatible model client (the openai SDK's streaming and error classes), kept out of
 * background.js: the background runs this script at the first model request or connection check
 * (src/background/model/model-client.ts).
 */
export default defineUnlistedScript(() => {
  const module: ModelClientModule = { createOpenAIModel, listModels };
  (globalThis as Record<string, unknown>)[MODEL_CLIENT_GLOBAL] = module;
});
