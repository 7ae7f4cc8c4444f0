import { useEffect, useState } from 'preact/hooks';
import { request } from '../client';
import type { LogEntry } from '../../shared/diagnostics';
import { downloadText } from '../audit-export';
import { errorText } from '../format';

const pad = (n: number) => String(n).padStart(2, '0');

/** deskmate-diagnostics-YYYY-MM-DD.json, in the agent's own calendar. */
export const diagnosticsFileName = (now: Date): string =>
  `deskmate-diagnostics-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`;

export interface DiagnosticsLoad {
  /** Newest first; null while loading. */
  entries: LogEntry[] | null;
  error: string | null;
  refresh(): void;
  clear(): Promise<void>;
  exportJson(): void;
}

/** The background's recent diagnostics, loaded on open and on Refresh (the log broadcasts nothing). */
export function useDiagnostics(): DiagnosticsLoad {
  const [entries, setEntries] = useState<LogEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => {
    request('diagnostics.list', {}).then(
      (list) => {
        setEntries([...list].reverse());
        setError(null);
      },
      (e: unknown) => setError(errorText(e)),
    );
  };
  useEffect(refresh, []);
  return {
    entries,
    error,
    refresh,
    async clear() {
      try {
        await request('diagnostics.clear', {});
      } catch (e) {
        setError(errorText(e));
      }
      refresh();
    },
    // Oldest first in the file, as it was written.
    exportJson: () => downloadText(diagnosticsFileName(new Date()), `${JSON.stringify([...(entries ?? [])].reverse(), null, 2)}\n`),
  };
}
