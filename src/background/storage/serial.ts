/**
 * Runs async sections one after another. The service worker is a single thread, but a
 * read-modify-write of storage spans awaits, and two messages can interleave there.
 */
export function createSerial(): <T>(section: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return (section) => {
    const run = tail.then(section, section);
    tail = run.catch(() => undefined);
    return run;
  };
}
