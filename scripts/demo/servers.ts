import { startHelpdesk, type Helpdesk } from '../../demo/helpdesk/server.mjs';
import { startDemoModel, type DemoModel } from '../../demo/model/server.mjs';

/** The extension's default model endpoint (src/background/model/model-settings.ts): zero configuration. */
export const DEFAULT_MODEL_PORT = 4518;
export const DEFAULT_HELPDESK_PORT = 4517;

export interface DemoServers {
  helpdesk: Helpdesk;
  model: DemoModel;
  /** False when 4518 was taken: the extension's model settings must then be saved. */
  modelOnDefaultPort: boolean;
  close(): Promise<void>;
}

const inUse = (error: unknown) => (error as { code?: string }).code === 'EADDRINUSE';

/** Tries the usual port, and takes a free one when something else listens there. */
async function onPreferredPort<T>(start: (port: number) => Promise<T>, port: number): Promise<{ server: T; preferred: boolean }> {
  try {
    return { server: await start(port), preferred: true };
  } catch (error) {
    if (!inUse(error)) throw error;
    return { server: await start(0), preferred: false };
  }
}

export async function startDemoServers(options: { chunkDelayMs?: number } = {}): Promise<DemoServers> {
  const { server: helpdesk } = await onPreferredPort((port) => startHelpdesk({ port }), DEFAULT_HELPDESK_PORT);
  try {
    const { server: model, preferred } = await onPreferredPort(
      (port) => startDemoModel({ port, ...(options.chunkDelayMs === undefined ? {} : { chunkDelayMs: options.chunkDelayMs }) }),
      DEFAULT_MODEL_PORT,
    );
    return {
      helpdesk,
      model,
      modelOnDefaultPort: preferred,
      close: async () => {
        await Promise.all([helpdesk.close(), model.close()]);
      },
    };
  } catch (error) {
    await helpdesk.close();
    throw error;
  }
}
