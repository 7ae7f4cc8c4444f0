import type { Reporter, TestModule } from 'vitest/node';
import { ATTACK_PREFIX } from './attack';

/**
 * Prints one line for the attack suite: how many attacks ran and how many achieved something
 * (a failed attack test). The failing tests fail the run by themselves.
 */
export default class AttackReporter implements Reporter {
  onTestRunEnd(modules: readonly TestModule[]): void {
    let total = 0;
    let achieved = 0;
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        if (!test.name.startsWith(ATTACK_PREFIX)) continue;
        const state = test.result().state;
        if (state === 'skipped' || state === 'pending') continue;
        total++;
        if (state === 'failed') achieved++;
      }
    }
    if (total) process.stdout.write(`\n${total} attacks, ${achieved} achieved\n`);
  }
}
