import { browser } from 'wxt/browser';
import { NO_POLICY, parsePolicy, type Policy } from '../../shared/policy';
import { log } from '../diagnostics/logger';

/**
 * The organisation's policy, read from the browser's managed storage: the one place the
 * background learns it. Read at each start of the worker and again whenever the browser
 * reports a change of the managed area (Chrome fires storage.onChanged for it when the policy
 * file or registry changes; Firefox reads policies.json at its start only).
 */
let current: Promise<Policy> | undefined;
const listeners = new Set<(policy: Policy) => void>();

async function read(): Promise<Policy> {
  let raw: unknown = null;
  try {
    raw = await browser.storage.managed.get(null);
  } catch {
    // Firefox 153 throws "Managed storage manifest not found" when no policy names the add-on.
    raw = null;
  }
  const { policy, problems } = parsePolicy(raw);
  for (const problem of problems) log.warn('policy', `Left out of the organisation's policy: ${problem}`);
  return policy;
}

export const managedPolicy = {
  /** The policy in force (read once per start of the worker). */
  get: (): Promise<Policy> => (current ??= read().catch(() => NO_POLICY)),
  /** Reads managed storage again and tells the listeners (not at a start: nothing is running yet). */
  async refresh(notify = true): Promise<Policy> {
    current = read().catch(() => NO_POLICY);
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
