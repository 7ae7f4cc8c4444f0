import type { Reporter, TestModule } from 'vitest/node';
import { ATTACK_PREFIX } from './attack';
import { fileKey, mergeTally, readTally, report, writeTally, type Suite, type Tally } from './attack-tally';

/**
 * Counts the attacks of a run (tests named "attack: …"; a failed one achieved something) per
 * file, keeps the count next to the other suite's (attack-tally.ts), and prints the lines of
 * `report`: the browser run ends with the whole suite's `N attacks, K achieved`. The failing
 * tests fail the run by themselves.
 */
export default class AttackReporter implements Reporter {
  constructor(private readonly options: { suite?: Suite } = {}) {}

  onTestRunEnd(modules: readonly TestModule[]): void {
    const suite = this.options.suite ?? 'unit';
    const at = new Date().toISOString();
    const run: Tally = {};
    for (const module of modules) {
      let total = 0;
      let achieved = 0;
      for (const test of module.children.allTests()) {
        if (!test.name.startsWith(ATTACK_PREFIX)) continue;
        const state = test.result().state;
        if (state === 'skipped' || state === 'pending') continue;
        total++;
        if (state === 'failed') achieved++;
      }
      if (total) run[fileKey(module.moduleId)] = { total, achieved, suite, at };
    }
    if (!Object.keys(run).length) return;
    const tally = mergeTally(readTally(), run);
    try {
      writeTally(tally);
    } catch (error) {
      process.stdout.write(`\n(attack count not kept: ${String(error)})\n`);
    }
    process.stdout.write(`\n${report(suite, tally).join('\n')}\n`);
  }
}
