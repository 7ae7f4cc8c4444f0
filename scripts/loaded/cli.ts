/**
 * `npm run test:loaded`: the tests on a busy machine. A test must pass on an idle machine and on
 * a loaded one; this makes the loaded one on demand (burn.ts).
 */
import { load, parseLoadedArgs, runCommand, startBurners, USAGE } from './burn';

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const run = parseLoadedArgs(argv);
  const line = run.command.join(' ');
  process.stdout.write(`test:loaded: ${line}, beside ${run.burners} busy threads (load average ${load()} before)\n`);
  const startedAt = Date.now();
  const burners = startBurners(run.burners);
  const code = await runCommand(run.command);
  await burners.stop();
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  process.stdout.write(`\ntest:loaded: ${line} ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds} s beside ${run.burners} busy threads (load average ${load()} at the end)\n`);
  return code;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);
