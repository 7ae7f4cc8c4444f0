import { startHelpdesk, type Helpdesk } from '../../demo/helpdesk/server.mjs';
import { startDemoModel, type DemoModel } from '../../demo/model/server.mjs';
import { startOrderSystem, type OrderSystem } from '../../demo/mcp/server.mjs';

/** The extension's default model endpoint (src/background/model/model-settings.ts): zero configuration. */
export const DEFAULT_MODEL_PORT = 4518;
export const DEFAULT_HELPDESK_PORT = 4517;
export const DEFAULT_ORDERS_PORT = 4519;

export interface DemoServers {
  helpdesk: Helpdesk;
  model: DemoModel;
  /** The demo order system, an MCP server. */
  orders: OrderSystem;
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
    const { server: orders } = await onPreferredPort((port) => startOrderSystem({ port }), DEFAULT_ORDERS_PORT).catch(async (error: unknown) => {
      await model.close();
      throw error;
    });
    return {
      helpdesk,
      model,
      orders,
      modelOnDefaultPort: preferred,
      close: async () => {
        await Promise.all([helpdesk.close(), model.close(), orders.close()]);
      },
    };
  } catch (error) {
    await helpdesk.close();
    throw error;
  }
}
