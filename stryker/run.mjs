// `npm run mutate [-- group...]`: runs the named mutation groups (all when none is named) one
// after another and prints each one's time. Each group keeps its own incremental file, so a
// rerun tests only mutants whose code or tests changed.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

// A group is a stryker/<group>.config.mjs file.
const GROUPS = readdirSync('stryker').flatMap((f) => f.match(/^(.+)\.config\.mjs$/)?.[1] ?? []);
const asked = process.argv.slice(2);
const unknown = asked.filter((g) => !GROUPS.includes(g));
if (unknown.length > 0) {
  console.error(`Unknown group: ${unknown.join(', ')}. Groups: ${GROUPS.join(', ')}.`);
  process.exit(2);
}
const groups = asked.length > 0 ? asked : GROUPS;
const times = [];
let failed = false;
for (const group of groups) {
  const started = performance.now();
  const run = spawnSync('npx', ['stryker', 'run', `stryker/${group}.config.mjs`], { stdio: 'inherit' });
  times.push(`${group}: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  failed ||= run.status !== 0;
}
console.log(`\nMutation run times: ${times.join(', ')}. Reports: reports/mutation/<group>.html`);
process.exit(failed ? 1 : 0);
