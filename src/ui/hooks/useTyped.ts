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
 * text of it (a snapshot, a load). `field` null: nothing to keep it for (no conversation yet).
 */
export function useTyped(field: TypedField | null, background: string): Typed {
  const [, setChanges] = useState(0);
  // Typed before the field was known (the chat box as the sidebar opens): kept here, then the field's.
  const [early, setEarly] = useState<string | null>(null);
  const id = field ? fieldId(field) : null;
  useEffect(() => {
    if (field && early !== null) {
      typed.type(field, early);
      setEarly(null);
    }
    return typed.subscribe(field, () => setChanges((n) => n + 1));
  }, [id]);
  return {
    text: early ?? typed.shown(field, background),
    state: typed.state(field),
    error: typed.error(field),
    type: (text) => (field ? typed.type(field, text) : setEarly(text)),
  };
}

/**
 * A field whose text is kept only until it is used (a question, a new saved reply): the
 * background's copy is loaded for each field. A load that answers after the agent typed here
 * changes nothing shown: the typed text is newer.
 */
export function useUnsentTyped(field: UnsentField | null): Typed {
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
  return useTyped(field, loaded);
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
