import { it } from 'vitest';

/**
 * One attack of the suite: a test whose name starts with "attack: " and that passes only if the
 * attack achieved nothing (nothing posted, written, confirmed, leaked or shown misleadingly).
 * The attack reporter counts them and prints `N attacks, K achieved`.
 */
export const ATTACK_PREFIX = 'attack: ';

export function attack(name: string, run: () => Promise<void> | void, timeoutMs?: number): void {
  it(`${ATTACK_PREFIX}${name}`, run, timeoutMs);
}

/** Many attacks of one shape, one per case. */
export function attackEach<T>(cases: readonly T[], name: (c: T) => string, run: (c: T) => Promise<void> | void): void {
  for (const c of cases) attack(name(c), () => run(c));
}

/**
 * Attacks written with a scenario's fixtures (`chromiumTest()`, `firefoxTest()`): the same prefix,
 * counted the same, with the test's fixtures handed to `run`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the scenario's own test function, whatever its fixtures
export function attackIn<T extends (name: string, ...rest: any[]) => unknown>(test: T): T {
  return ((name: string, ...rest: unknown[]) => test(`${ATTACK_PREFIX}${name}`, ...rest)) as T;
}
