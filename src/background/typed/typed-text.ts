import { createInputValidator } from '../../core/validation';
import { TYPED_SAVE_SCHEMA, wholeField, type TypedSave, type TypedSaved } from '../../shared/typed';
import type { Applied } from './typed-fields';
import type { TypedField } from '../../shared/typed';
import { createSerial } from '../storage/serial';
import { log } from '../diagnostics/logger';

export interface TypedPort {
  postMessage(message: TypedSaved | { type: 'chat.error'; message: string }): void;
}

const validSave = createInputValidator(TYPED_SAVE_SCHEMA);

/**
 * What the agent typed, as it reaches the background: applied one save after another in the
 * order the ports delivered them, each answered on its own port once stored. Whatever a port
 * sends after a save (a turn, a quick action, opening the conversation again) waits for
 * `settled` first, so it reads the text and never races it; an action that comes by another
 * channel was sent only after the page had the answer (the page's keeper awaits it).
 */
export function createTypedText(apply: (field: TypedField, text: string) => Promise<Applied>) {
  const inOrder = createSerial();

  const answer = (port: TypedPort, message: TypedSaved | { type: 'chat.error'; message: string }) => {
    try {
      port.postMessage(message);
    } catch {
      // The page closed after sending (a panel closed mid-typing): the text was applied all the same.
    }
  };

  return {
    receive(port: TypedPort, message: unknown): Promise<void> {
      const check = validSave(message);
      const seq = (message as { seq?: unknown }).seq;
      const refused = !check.ok ? `Invalid typed text: ${check.message}` : !wholeField((message as TypedSave).field) ? 'Invalid typed text: the field is incomplete.' : null;
      if (refused) {
        // Answered by its number where it has one: the page must not wait for it forever.
        answer(port, Number.isInteger(seq) ? { type: 'typed.saved', seq: seq as number, ok: false, error: refused } : { type: 'chat.error', message: refused });
        return Promise.resolve();
      }
      const { field, text } = message as TypedSave;
      return inOrder(() =>
        apply(field, text).catch((e: unknown): Applied => {
          log.error('typed', `Could not keep the text of a ${field.kind} field`, e);
          return { ok: false, error: e instanceof Error ? e.message : String(e) };
        }),
      ).then((applied) => answer(port, { type: 'typed.saved', seq: seq as number, ...applied }));
    },
    /** Resolves once every save received so far is applied. */
    settled: (): Promise<void> => inOrder(async () => undefined),
  };
}

export type TypedText = ReturnType<typeof createTypedText>;
