import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README's threat model holds to its own rule, "a surface without an attack has no promise":
 * every surface says what the attacker controls, what is promised and which attacks test it;
 * every file it names exists and holds attacks; and every file of attacks belongs to a surface,
 * so a new attack comes with the promise it tests.
 */
const README = readFileSync('README.md', 'utf8');
const section = README.slice(README.indexOf('### Threat model, surface by surface'), README.indexOf('### How it is tested: the attack suite'));
const surfaces = section
  .split(/^#### /m)
  .slice(1)
  .map((entry) => ({ name: entry.split('\n')[0]!.trim(), text: entry }));
const HAS_ATTACKS = /\battack(?:Each)?\(/;

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
/** The test files under test/ that hold attacks (attack.ts defines them, the tally counts them). */
const attackFiles = files('test')
  .filter((f) => /\.test\.tsx?$/.test(f) && !f.endsWith('threat-model.test.ts') && !f.endsWith('attack-tally.test.ts'))
  .filter((f) => HAS_ATTACKS.test(readFileSync(f, 'utf8')))
  .map((f) => f.slice('test/'.length))
  .sort();

describe('the README’s threat model', () => {
  it('has the surfaces the project names, each with what the attacker controls, the promise and its attacks', () => {
    expect(surfaces.length).toBeGreaterThanOrEqual(12);
    for (const s of surfaces) {
      expect(s.text, s.name).toMatch(/^- \*Attacker controls:\* \S/m);
      expect(s.text, s.name).toMatch(/^- \*Promise:\* \S/m);
      expect(s.text, s.name).toMatch(/^- \*Attacks:\* `/m);
    }
  });

  it('names only files that exist and hold attacks', () => {
    for (const s of surfaces) {
      const attacks = s.text.slice(s.text.indexOf('*Attacks:*'));
      const named = [...attacks.matchAll(/`([\w./-]+\.test\.tsx?)`/g)].map((m) => m[1]!);
      expect(named.length, `${s.name} names no attack`).toBeGreaterThan(0);
      for (const file of named) expect(attackFiles, `${s.name}: ${file}`).toContain(file);
    }
  });

  it('gives every file of attacks a surface', () => {
    const named = new Set([...section.matchAll(/`([\w./-]+\.test\.tsx?)`/g)].map((m) => m[1]!));
    expect(attackFiles.filter((f) => !named.has(f))).toEqual([]);
  });
});
