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
 * Runs the page's read and write tools on a person's click (a send starts from its draft in the
 * chat, never here). Results belong to one page: a new tab or ticket (`pageKey`) starts empty,
 * and late answers are dropped.
 */
export function usePageTools(tabId: number | null | undefined, pageKey: string): PageTools {
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
    set({ busy: false, result });
  };

  return { runs, run };
}
