import type { createOpenAIModel, listModels } from './openai-model';

/** Where the model client script (entrypoints/model-client.ts) leaves its module. */
export const MODEL_CLIENT_GLOBAL = '__deskmateModelClient';

/** The OpenAI-compatible client (the openai SDK's streaming and errors), as the script hands it over. */
export interface ModelClientModule {
  createOpenAIModel: typeof createOpenAIModel;
  listModels: typeof listModels;
}
