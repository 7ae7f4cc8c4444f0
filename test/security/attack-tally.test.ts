import { describe, expect, it } from 'vitest';
import { mergeTally, report, type Tally } from './attack-tally';

const at = '2026-12-01T10:00:00.000Z';
const unitOnly: Tally = {
  'test/security/scope.near-miss.test.ts': { total: 48, achieved: 0, suite: 'unit', at },
  'test/security/forbidden-calls.test.ts': { total: 5, achieved: 0, suite: 'unit', at },
};

describe('the attack count of the whole suite', () => {
  it('adds the browser run to the latest unit count and prints one "N attacks, K achieved" line', () => {
    const tally = mergeTally(unitOnly, { 'test/security/firefox.content-script.e2e.test.ts': { total: 7, achieved: 1, suite: 'browser', at } });
    const lines = report('browser', tally);
    expect(lines.filter((l) => /^\d+ attacks, \d+ achieved$/.test(l))).toEqual(['60 attacks, 1 achieved']);
  });

  it('a unit run prints no suite line of its own', () => {
    expect(report('unit', unitOnly).some((l) => /^\d+ attacks, \d+ achieved$/.test(l))).toBe(false);
  });

  it("a file's new run replaces its old count, and a file no longer on disk is dropped", () => {
    const before: Tally = { ...unitOnly, 'test/security/gone.test.ts': { total: 9, achieved: 9, suite: 'unit', at } };
    const after = mergeTally(before, { 'test/security/forbidden-calls.test.ts': { total: 6, achieved: 0, suite: 'unit', at } });
    expect(Object.keys(after).sort()).toEqual(['test/security/forbidden-calls.test.ts', 'test/security/scope.near-miss.test.ts']);
    expect(report('browser', after).at(-1)).toBe('54 attacks, 0 achieved');
  });

  it('says so when there is no unit count to add', () => {
    expect(report('browser', { 'test/security/x.e2e.test.ts': { total: 3, achieved: 0, suite: 'browser', at } })[0]).toContain('no unit count yet');
  });
});
