import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** axe-core's browser build, evaluated as an expression: CDP's evaluate is not bound by the pages' CSP. */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** Runs a JavaScript expression in the page (a Playwright Page or the real side panel). */
export type Evaluate = (expression: string) => Promise<unknown>;

/**
 * Every axe-core violation on the page as it is now, of any impact, with the rules' defaults
 * (best practices included: landmark-one-main, page-has-heading-one, region).
 */
export async function axeViolations(evaluate: Evaluate): Promise<AxeViolation[]> {
  if (!(await evaluate('!!window.axe'))) await evaluate(`${AXE_SOURCE};true`);
  return (await evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({
    id: v.id,
    impact: v.impact ?? null,
    help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ') + ' :: ' + (n.failureSummary ?? '').replace(/\\s+/g, ' ').slice(0, 300)),
  })))`)) as AxeViolation[];
}

/** One line per violation, for an assertion message a person can act on. */
export const describeViolations = (violations: AxeViolation[]): string =>
  violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.join('\n    ')}`).join('\n');
