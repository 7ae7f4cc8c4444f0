import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { firefoxPath } from './paths';

/**
 * The organisation's policy as the browsers read it, written where an admin would put it:
 * Chromium's managed policy folder and Firefox ESR's installation `distribution/` folder. Both
 * are machine-wide, so the tests write them under the E2E lock, mark them as theirs, and remove
 * them after (and any a crashed run left behind, before).
 */
export const CHROME_EXTENSION_ID = 'ffdjeegellmgapnbjhgjpddodbdajjbf';
export const FIREFOX_ADDON = 'deskmate@deskmate.app';
/** A key Deskmate ignores, so a file left behind is known as the tests' own. */
const MARK = 'deskmateE2E';

export const CHROMIUM_POLICY_FILE = process.env.E2E_CHROMIUM_POLICY_FILE ?? '/etc/chromium/policies/managed/deskmate-e2e.json';

/** Firefox reads `distribution/policies.json` next to its real binary (/usr/lib/firefox-esr on Debian). */
export function firefoxPolicyFile(): string {
  return join(dirname(realpathSync(firefoxPath())), 'distribution', 'policies.json');
}

const ours = (file: string) => existsSync(file) && readFileSync(file, 'utf8').includes(`"${MARK}"`);

function write(file: string, content: object): void {
  if (existsSync(file) && !ours(file)) throw new Error(`${file} exists and is not the tests' own: not touching it`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(content, null, 2));
}

/** Chromium's file has a name of the tests' own (its schema would drop a key it does not know). */
export function writeChromiumPolicy(policy: Record<string, unknown>): void {
  mkdirSync(dirname(CHROMIUM_POLICY_FILE), { recursive: true });
  writeFileSync(CHROMIUM_POLICY_FILE, JSON.stringify({ '3rdparty': { extensions: { [CHROME_EXTENSION_ID]: policy } } }, null, 2));
}

export function removeChromiumPolicy(): void {
  rmSync(CHROMIUM_POLICY_FILE, { force: true });
}

/** Firefox has one policies.json: written only where none is, or where the tests left theirs. */
export function writeFirefoxPolicy(policy: Record<string, unknown>): void {
  write(firefoxPolicyFile(), { policies: { '3rdparty': { Extensions: { [FIREFOX_ADDON]: { ...policy, [MARK]: true } } } } });
}

/**
 * Firefox's file with any value for Deskmate, a broken one included (an object is what Deskmate
 * expects): the tests' mark sits beside the policies, where Firefox ignores it.
 */
export function writeFirefoxPolicyValue(value: unknown): void {
  write(firefoxPolicyFile(), { policies: { '3rdparty': { Extensions: { [FIREFOX_ADDON]: value } } }, [MARK]: true });
}

export function removeFirefoxPolicy(): void {
  if (ours(firefoxPolicyFile())) rmSync(firefoxPolicyFile(), { force: true });
}
