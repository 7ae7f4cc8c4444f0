import type { Reporter, TestModule } from 'vitest/node';
import { fileTime, LINE_STARTED, lineReport, load, readRuns, timingReport, writeRun } from './timing';

/**
 * Ends a run with its time, the load average it ran under and its ten slowest files; in the last
 * run of `npm test` (`{ last: true }`), with the whole line's time too. Listed before the attack
 * reporter, whose line stays the suite's last word.
 */
export default class TimingReporter implements Reporter {
  private loadAtStart = load();
  private startedAt = Date.now();

  constructor(private readonly options: { suite?: string; last?: boolean } = {}) {}

  onInit(): void {
    this.loadAtStart = load();
    this.startedAt = Date.now();
  }

  onTestRunEnd(modules: readonly TestModule[]): void {
    const suite = this.options.suite ?? 'unit';
    const seconds = (Date.now() - this.startedAt) / 1000;
    const files = modules.map((m) => fileTime(m.moduleId, m.diagnostic()));
    const lines = timingReport(suite, seconds, files, this.loadAtStart);
    const line = process.env[LINE_STARTED];
    if (line) {
      writeRun({ line, suite, seconds });
      const whole = this.options.last ? lineReport(line, readRuns()) : undefined;
      if (whole) lines.push(whole);
    }
    process.stdout.write(`\n${lines.join('\n')}\n`);
  }
}
