import { browser } from 'wxt/browser';
import { parsePolicy, unreadablePolicy, type Policy } from '../../shared/policy';
import { secretProblem } from '../../shared/policy-secrets';
import { describeError, log } from '../diagnostics/logger';

/**
 * The organisation's policy, read from the browser's managed storage: the one place the
 * background learns it. Read at each start of the worker and again whenever the browser
 * reports a change of the managed area (Chrome fires storage.onChanged for it when the policy
 * file or registry changes; Firefox reads policies.json at its start only).
 *
 * No policy is no policy; a policy that is there but cannot be read is not: it fails closed
 * (`unreadablePolicy`), so a broken value cannot switch off the sites, sending and masking the
 * admin set.
 */
let current: Promise<Policy> | undefined;
const listeners = new Set<(policy: Policy) => void>();

/** Firefox 153's answer when no policy names the add-on (Chrome answers `{}`). */
const NO_POLICY_ERROR = /Managed storage manifest not found/i;

async function readRaw(): Promise<unknown> {
  try {
    return await browser.storage.managed.get(null);
  } catch (error) {
    if (NO_POLICY_ERROR.test(String((error as Error)?.message ?? error))) return null;
    throw error;
  }
}

async function read(): Promise<Policy> {
  let policy: Policy;
  try {
    policy = parsePolicy(await readRaw());
  } catch (error) {
    policy = unreadablePolicy(`reading it failed: ${await describeError(error)}`);
  }
  if (policy.unreadable !== null) log.error('policy', `The organisation's policy could not be read (${policy.unreadable}): Deskmate runs on no site and sends nothing until it can.`);
  for (const path of policy.secrets) log.error('policy', secretProblem(path));
  for (const problem of policy.problems) log.warn('policy', `Left out of the organisation's policy: ${problem}`);
  return policy;
}

/** Whatever went wrong, an answer: never "no policy" for a policy that failed. */
const readClosed = (): Promise<Policy> => read().catch(async (error: unknown) => unreadablePolicy(`reading it failed: ${await describeError(error)}`));

export const managedPolicy = {
  /** The policy in force (read once per start of the worker). */
  get: (): Promise<Policy> => (current ??= readClosed()),
  /** Reads managed storage again and tells the listeners (not at a start: nothing is running yet). */
  async refresh(notify = true): Promise<Policy> {
    current = readClosed();
    const policy = await current;
    if (notify) for (const listener of listeners) listener(policy);
    return policy;
  },
  onChange(listener: (policy: Policy) => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Listens for changes of the managed area; added synchronously at the worker's start, as MV3 requires. */
export function watchManagedPolicy(): void {
  browser.storage.onChanged.addListener((_changes, area) => {
    if (area === 'managed') void managedPolicy.refresh();
  });
}
