/** A port a sidebar listens on; posting to a closed one throws. */
export interface Subscriber<M> {
  postMessage(message: M): void;
}

/**
 * The sidebars that follow each conversation (by key). A port follows one conversation at a
 * time; one that throws on a post (its sidebar was closed) is dropped.
 */
export function createSubscribers<M>() {
  const byKey = new Map<string, Set<Subscriber<M>>>();
  const drop = (port: Subscriber<M>): void => {
    for (const set of byKey.values()) set.delete(port);
  };
  return {
    follow(key: string, port: Subscriber<M>): void {
      drop(port);
      if (!byKey.has(key)) byKey.set(key, new Set());
      byKey.get(key)!.add(port);
    },
    drop,
    post(key: string, message: M): void {
      for (const port of byKey.get(key) ?? []) {
        try {
          port.postMessage(message);
        } catch {
          byKey.get(key)?.delete(port); // the sidebar was closed
        }
      }
    },
  };
}
