import { useEffect, useState } from 'preact/hooks';
import { connectChat, request } from '../client';
import { fieldId, type TypedField, type UnsentField } from '../../shared/typed';
import { flushTypedOnLeave, typed } from '../typed';
import type { TypedState } from '../typed-keeper';

export interface Typed {
  /** What the field shows: the text typed here until the background has something newer. */
  text: string;
  state: TypedState;
  error: string | null;
  type(text: string): void;
}

/**
 * A field the agent types into, kept by the page's keeper: `background` is the background's
 * text of it (a snapshot, a load). `field` null: not known yet (no conversation yet); text typed
 * then is shown as typed and kept for `early` (a field the background can place without knowing
 * more), so a page closed before `field` is known loses nothing. Once `field` is known the text
 * is its own.
 */
export function useTyped(field: TypedField | null, background: string, early?: TypedField | null): Typed {
  const [, setChanges] = useState(0);
  // Typed before the field was known (the chat box as the sidebar opens): kept here, then the field's.
  const [before, setBefore] = useState<string | null>(null);
  const id = field ? fieldId(field) : null;
  useEffect(() => {
    if (field && before !== null) {
      if (early) typed.drop(early);
      typed.type(field, before);
      setBefore(null);
    }
    return typed.subscribe(field, () => setChanges((n) => n + 1));
  }, [id]);
  return {
    text: before ?? typed.shown(field, background),
    state: typed.state(field),
    error: typed.error(field),
    type: (text) => {
      if (field) return typed.type(field, text);
      setBefore(text);
      if (early) typed.type(early, text);
    },
  };
}

/**
 * A field whose text is kept only until it is used (a question, a new saved reply): the
 * background's copy is loaded for each field. A load that answers after the agent typed here
 * changes nothing shown: the typed text is newer.
 */
export function useUnsentTyped(field: UnsentField | null, early?: TypedField | null): Typed {
  const [loaded, setLoaded] = useState('');
  const id = field ? fieldId(field) : null;
  useEffect(() => {
    setLoaded('');
    if (!field) return;
    let current = true;
    request('typed.unsent', { field }).then(
      (r) => current && setLoaded(r.text),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [id]);
  return useTyped(field, loaded, early);
}

/** A page without a chat (the options page): a port of its own for the text typed there. */
export function useTypedPort(): void {
  useEffect(() => {
    const port = connectChat((m) => m.type === 'typed.saved' && typed.answered(m), () => undefined, typed.lost);
    typed.connect({ send: port.send });
    const stop = flushTypedOnLeave();
    return () => {
      stop();
      void typed.flush();
      port.close();
    };
  }, []);
}
