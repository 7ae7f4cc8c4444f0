import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';

/** What `npm run test:loaded` runs, and beside how many busy threads. */
export interface LoadedRun {
  burners: number;
  command: string[];
}

export const DEFAULT_BURNERS = 4;
export const DEFAULT_COMMAND = ['npm', 'test'];

export const USAGE = `Usage: npm run test:loaded -- [--burners N] [-- command …]

Runs a command (default: npm test) while N threads (default ${DEFAULT_BURNERS}) keep the CPU busy, so
a test that counts on the machine's speed (a fixed sleep, a "fast enough" wait, an order left to
the clock) fails here rather than on a busy CI machine. Prints the load average before and after.`;

export function parseLoadedArgs(argv: string[]): LoadedRun {
  let burners = DEFAULT_BURNERS;
  let rest = argv[0] === '--' ? argv.slice(1) : argv;
  while (rest[0]?.startsWith('--burners')) {
    const [flag, inline] = rest[0].split('=');
    const value = inline ?? rest[1];
    if (flag !== '--burners' || !/^\d+$/.test(value ?? '') || Number(value) < 1 || Number(value) > 64) {
      throw new Error(`--burners takes a whole number from 1 to 64, not ${value === undefined ? 'nothing' : `"${value}"`}\n\n${USAGE}`);
    }
    burners = Number(value);
    rest = rest.slice(inline === undefined ? 2 : 1);
  }
  if (rest[0] === '--') rest = rest.slice(1);
  if (rest[0]?.startsWith('-')) throw new Error(`unknown option ${rest[0]}\n\n${USAGE}`);
  return { burners, command: rest.length ? rest : DEFAULT_COMMAND };
}

/** A thread that only spins: one runnable thread more for the scheduler, as another job would be. */
const SPIN = 'for (;;) {}';

export function startBurners(count: number): { stop(): Promise<void> } {
  const workers = Array.from({ length: count }, () => new Worker(SPIN, { eval: true }));
  // A spinning thread must not keep the process alive if the command's end is missed.
  for (const worker of workers) worker.unref();
  return { stop: async () => void (await Promise.all(workers.map((w) => w.terminate()))) };
}

export const load = (): string => loadavg().map((n) => n.toFixed(2)).join(' ');

/** Runs the command with the terminal's streams; resolves with its exit code. */
export function runCommand(command: string[]): Promise<number> {
  return new Promise((done) => {
    const [file, ...args] = command;
    const child = spawn(file!, args, { stdio: 'inherit' });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', (error) => {
      process.stderr.write(`${command.join(' ')} could not start: ${error.message}\n`);
      done(127);
    });
    child.on('close', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      done(code ?? (signal ? 128 : 1));
    });
  });
}
