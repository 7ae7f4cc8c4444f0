import { useEffect, useRef, useState } from 'preact/hooks';
import type { ShownResult } from '../../shared/result-parts';

export interface ToolRun {
  busy: boolean;
  result: ShownResult | null;
}

export interface PageTools {
  runs: Record<string, ToolRun>;
  /** The page the runs belong to (tab, site, ticket). */
  pageKey: string;
  /** A run of a tool started on `pageKey`: dropped when the page has changed since. */
  record(pageKey: string, tool: string, run: ToolRun): void;
}

/**
 * The results of the page's read and write tools a person ran (PagePanel runs them; a send
 * starts from its draft in the chat, never there). Results belong to one page: a new tab or
 * ticket (`pageKey`) starts empty, and late answers are dropped.
 */
export function usePageTools(pageKey: string): PageTools {
  const [runs, setRuns] = useState<Record<string, ToolRun>>({});
  const current = useRef(pageKey);

  useEffect(() => {
    current.current = pageKey;
    setRuns({});
  }, [pageKey]);

  const record = (key: string, tool: string, run: ToolRun) => key === current.current && setRuns((all) => ({ ...all, [tool]: run }));
  return { runs, pageKey, record };
}
