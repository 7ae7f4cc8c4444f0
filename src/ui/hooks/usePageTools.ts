import { useEffect, useRef, useState } from 'preact/hooks';
import { RequestError, request } from '../client';
import type { PageToolView } from '../../shared/protocol';
import type { ToolResult } from '../../core';
import { isToolErrorCode } from '../../core/tool-errors';
import { errorText } from '../format';
import { fail } from '../../core/results';

export interface ToolRun {
  busy: boolean;
  result: ToolResult | null;
}

export interface PageTools {
  runs: Record<string, ToolRun>;
  run(tool: PageToolView, input: unknown): Promise<void>;
}

/**
 * Runs the page's tools on a person's click. A send tool only prepares: its result carries
 * the confirmation, which goes to `onPrepared` to open the confirm card. Results belong to
 * one page: a new tab or ticket (`pageKey`) starts empty, and late answers are dropped.
 */
export function usePageTools(tabId: number | null | undefined, pageKey: string, onPrepared: (tool: string, r: ToolResult) => void): PageTools {
  const [runs, setRuns] = useState<Record<string, ToolRun>>({});
  const current = useRef(pageKey);

  useEffect(() => {
    current.current = pageKey;
    setRuns({});
  }, [pageKey]);

  const run = async (tool: PageToolView, input: unknown) => {
    if (tabId === null || tabId === undefined) return;
    const key = pageKey;
    const set = (r: ToolRun) => key === current.current && setRuns((all) => ({ ...all, [tool.name]: r }));
    set({ busy: true, result: null });
    let result: ToolResult;
    try {
      result = await request('tool.invoke', { tabId, tool: tool.name, input });
    } catch (e) {
      result = fail(e instanceof RequestError && isToolErrorCode(e.code) ? e.code : 'internal', errorText(e));
    }
    if (result.ok && result.confirmation && key === current.current) onPrepared(tool.name, result);
    set({ busy: false, result });
  };

  return { runs, run };
}
