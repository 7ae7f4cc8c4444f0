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
