import { fieldId, type TypedField, type TypedSave, type TypedSaved } from '../shared/typed';

export type TypedState = 'idle' | 'saving' | 'saved' | 'error';

/** A failed save is sent again at most this often in one flush (a worker stopped each time). */
const ROUNDS = 3;

/**
 * The page's channel to the background: a port, so a save and whatever the page sends after it
 * arrive in that order, and the answer comes back after anything the background sent before.
 */
export interface TypedChannel {
  send(message: TypedSave): void;
}

interface Entry {
  field: TypedField;
  /** The newest text typed here. */
  text: string;
  /** Counts the typings; `sent` is the newest of them that went out, `applied` the newest the background applied. */
  typed: number;
  sent: number;
  applied: number;
  error: string | null;
  /** Saves of this field sent and not answered yet. */
  onTheWay: number;
}

interface Waiting {
  id: string;
  /** The entry that sent it: a field dropped and typed into again is a new entry, which this answer is not about. */
  entry: Entry;
  version: number;
  answered: Promise<void>;
  answer(): void;
}

/**
 * What the agent typed, kept until the background has it. Every field of a page goes through
 * one keeper. A typing is sent at once, so the background holds it while the page is alive: a
 * message sent as the page goes away (a side panel closed, a tab reloading) may be lost with it.
 * While a save of a field is on its way, later typing waits for its answer and only the newest
 * text then goes, so a field costs at most one write per round trip however fast the agent types.
 * `flush` sends everything still waiting at once, so an action that reads or replaces the text
 * is sent after it (on the same port the background applies it first; on another channel the
 * action awaits the flush). What a field shows is the text typed here until the background says
 * something newer: a snapshot or a load from before the save never replaces it.
 */
export function createTypedKeeper() {
  const entries = new Map<string, Entry>();
  const waiting = new Map<number, Waiting>();
  const listeners = new Map<string, Set<() => void>>();
  let channel: TypedChannel | null = null;
  let seq = 0;

  const changed = (id: string) => listeners.get(id)?.forEach((listener) => listener());

  function post(id: string, entry: Entry): void {
    if (!channel || entry.sent >= entry.typed) return;
    const message: TypedSave = { type: 'typed.save', seq: ++seq, field: entry.field, text: entry.text };
    let answer!: () => void;
    const answered = new Promise<void>((done) => (answer = done));
    waiting.set(message.seq, { id, entry, version: entry.typed, answered, answer });
    entry.sent = entry.typed;
    entry.onTheWay++;
    channel.send(message);
  }

  /** Sends whatever is still waiting; the promise holds once every save sent so far is answered. */
  function sendAll(): Promise<void> {
    for (const [id, entry] of entries) post(id, entry);
    return Promise.all([...waiting.values()].map((w) => w.answered)).then(() => undefined);
  }

  return {
    /**
     * The agent typed `text` into `field`: shown at once, and handed to the background at once
     * unless a save of the field is on its way (then after its answer, the newest text only).
     */
    type(field: TypedField, text: string): void {
      const id = fieldId(field);
      const entry = entries.get(id) ?? { field, text, typed: 0, sent: 0, applied: 0, error: null, onTheWay: 0 };
      entries.set(id, entry);
      entry.text = text;
      entry.typed++;
      entry.error = null;
      if (entry.onTheWay === 0) post(id, entry);
      changed(id);
    },

    /** What a field shows: the text typed here, else the background's. */
    shown(field: TypedField | null, background: string): string {
      return (field && entries.get(fieldId(field))?.text) ?? background;
    },

    /** Text typed into `field` that the background has not applied (yet, or ever: refused). */
    pending(field: TypedField): string | undefined {
      const entry = entries.get(fieldId(field));
      return entry && entry.applied < entry.typed ? entry.text : undefined;
    },

    state(field: TypedField | null): TypedState {
      const entry = field && entries.get(fieldId(field));
      if (!entry) return 'idle';
      if (entry.error !== null) return 'error';
      return entry.applied < entry.typed ? 'saving' : 'saved';
    },

    /** Why the background refused the field's newest save, or null. */
    error: (field: TypedField | null): string | null => (field && entries.get(fieldId(field))?.error) ?? null,

    /**
     * Sends everything typed and not sent, now, before the caller's next message; resolves once
     * the background applied (or refused) all of it: true when nothing was refused. A save lost
     * with a stopped worker is sent again.
     */
    async flush(): Promise<boolean> {
      // What was typed up to now; typing on while it goes out is not waited for.
      const typedNow = [...entries.values()].map((entry) => ({ entry, version: entry.typed }));
      const settled = () => typedNow.every(({ entry, version }) => entry.applied >= version || entry.error !== null);
      for (let round = 0; round < ROUNDS && !settled(); round++) await sendAll();
      return typedNow.every(({ entry, version }) => entry.applied >= version);
    },

    /**
     * The background's current text of `field` came (a snapshot), after the answers to every
     * save sent before it: once nothing typed here is waiting, the background's text is the
     * newest and is shown from now on.
     */
    heard(field: TypedField): void {
      const id = fieldId(field);
      const entry = entries.get(id);
      if (!entry || entry.applied < entry.typed || entry.error !== null) return;
      entries.delete(id);
      changed(id);
    },

    /**
     * Stops keeping `field` here: a save not sent yet is not sent; one sent already is applied
     * all the same (its answer finds no entry). For text that moved to another field.
     */
    drop(field: TypedField): void {
      const id = fieldId(field);
      const entry = entries.get(id);
      if (!entry) return;
      entries.delete(id);
      changed(id);
    },

    /** The background's answer to a save. */
    answered({ seq: n, ok, error }: TypedSaved): void {
      const w = waiting.get(n);
      if (!w) return;
      waiting.delete(n);
      const entry = entries.get(w.id) === w.entry ? w.entry : undefined;
      if (entry) entry.onTheWay--;
      if (entry && ok) entry.applied = Math.max(entry.applied, w.version);
      else if (entry && w.version === entry.typed) entry.error = error ?? 'Not saved.';
      // Typed while this save was on its way: the newest text goes now (unless refused: it waits for more typing).
      if (entry && entry.onTheWay === 0 && entry.error === null) post(w.id, entry);
      w.answer();
      changed(w.id);
    },

    /** The channel to the background; saves typed before it existed go out now. */
    connect(next: TypedChannel): void {
      channel = next;
      void sendAll();
    },

    /** The port closed (the worker stopped) with saves unanswered: they are sent again. */
    lost(): void {
      const lostOnes = [...waiting.values()];
      waiting.clear();
      for (const w of lostOnes) {
        const entry = entries.get(w.id);
        if (entry) {
          entry.sent = Math.min(entry.sent, entry.applied);
          entry.onTheWay = 0;
        }
        w.answer();
      }
      if (lostOnes.length) void sendAll();
    },

    /** Forgets everything, sent or not: a page made afresh in the same document (tests render many). */
    reset(): void {
      entries.clear();
      for (const w of waiting.values()) w.answer();
      waiting.clear();
      channel = null;
    },

    /** Calls back when the field's text or state changes; returns the unsubscribe function. */
    subscribe(field: TypedField | null, listener: () => void): () => void {
      if (!field) return () => undefined;
      const id = fieldId(field);
      const set = listeners.get(id) ?? new Set();
      listeners.set(id, set);
      set.add(listener);
      return () => set.delete(listener);
    },
  };
}

export type TypedKeeper = ReturnType<typeof createTypedKeeper>;
