import type { Handlers } from '../router';
import type { Logger } from './logger';

type DiagnosticsHandlers = Pick<Handlers, 'diagnostics.list' | 'diagnostics.clear'>;

/**
 * The diagnostics view of the options page: the background's recent failures, to read, export
 * and clear. Extension pages only (protocol.ts): a page has no business learning what failed.
 */
export function diagnosticsHandlers(logger: Logger): DiagnosticsHandlers {
  return {
    'diagnostics.list': () => logger.list(),
    async 'diagnostics.clear'() {
      await logger.clear();
      return { ok: true };
    },
  };
}
