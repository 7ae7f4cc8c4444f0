import { describe, expect, it } from 'vitest';
import { DEFAULT_BURNERS, parseLoadedArgs, runCommand, startBurners } from '../../scripts/loaded/burn';

describe('npm run test:loaded', () => {
  it('runs `npm test` beside four busy threads unless told otherwise', () => {
    expect(parseLoadedArgs([])).toEqual({ burners: DEFAULT_BURNERS, command: ['npm', 'test'] });
    expect(parseLoadedArgs(['--'])).toEqual({ burners: 4, command: ['npm', 'test'] });
  });

  it('takes the number of threads, then the command after `--` or alone', () => {
    expect(parseLoadedArgs(['--', '--burners', '6', '--', 'npx', 'vitest', 'run', '--reporter', 'dot'])).toEqual({ burners: 6, command: ['npx', 'vitest', 'run', '--reporter', 'dot'] });
    expect(parseLoadedArgs(['--burners=2', 'npm', 'run', 'test:unit'])).toEqual({ burners: 2, command: ['npm', 'run', 'test:unit'] });
  });

  it('refuses a number of threads it cannot use, and an option it does not know, saying how it is used', () => {
    expect(() => parseLoadedArgs(['--burners', 'x'])).toThrow(/--burners takes a whole number from 1 to 64, not "x"[\s\S]*Usage:/);
    expect(() => parseLoadedArgs(['--burners', '0'])).toThrow(/not "0"/);
    expect(() => parseLoadedArgs(['--burners'])).toThrow(/not nothing/);
    expect(() => parseLoadedArgs(['--burnres', '2'])).toThrow(/unknown option --burnres/);
  });

  it("passes on the command's exit code, with the burners stopped after", async () => {
    const burners = startBurners(1);
    try {
      expect(await runCommand([process.execPath, '-e', 'process.exit(3)'])).toBe(3);
      expect(await runCommand([process.execPath, '-e', ''])).toBe(0);
      expect(await runCommand(['/nonexistent/command'])).toBe(127);
    } finally {
      await burners.stop();
    }
  });
});
