import { useState } from 'preact/hooks';
import { request } from '../client';
import type { ToolResult } from '../../core';
import type { TeachStep } from '../../shared/teach';
import type { TicketData } from '../../shared/ticket';
import { errorText } from '../format';

/**
 * Teach mode from the sidebar: start it on the bound tab, pick a step again, test the recipe
 * the choices make, save it (the agent's click is what stores it), or cancel. The session
 * itself is in the background; the view carries it.
 */
export function useTeach(tabId: number | null | undefined) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [test, setTest] = useState<ToolResult<TicketData> | null>(null);

  const run = async (work: () => Promise<string | null | undefined>) => {
    if (tabId === null || tabId === undefined) return;
    setBusy(true);
    setError(null);
    try {
      setError((await work()) ?? null);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const id = tabId ?? -1;

  return {
    busy,
    error,
    test,
    start: () => run(async () => (setTest(null), (await request('teach.start', { tabId: id })).error)),
    goto: (step: TeachStep) => run(async () => void (await request('teach.goto', { tabId: id, step }))),
    runTest: () => run(async () => void setTest(await request('teach.test', { tabId: id }))),
    save: () => run(async () => (setTest(null), (await request('teach.save', { tabId: id })).error)),
    cancel: () => run(async () => (setTest(null), void (await request('teach.cancel', { tabId: id })))),
  };
}

export type Teach = ReturnType<typeof useTeach>;
