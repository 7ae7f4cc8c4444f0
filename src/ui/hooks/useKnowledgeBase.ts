import { useState } from 'preact/hooks';
import { request } from '../client';
import { errorText } from '../format';
import { t } from '../i18n';
import { useLoad } from './useLoad';

export interface ImportReport {
  tone: 'ok' | 'error' | 'busy';
  text: string;
  problems: string[];
}

/** The knowledge base the assistant searches: import files, list the articles, remove them all. */
export function useKnowledgeBase() {
  const [version, setVersion] = useState(0);
  const list = useLoad(() => request('kb.list', {}), () => false, [version]);
  const [report, setReport] = useState<ImportReport | null>(null);
  const reload = () => setVersion((v) => v + 1);

  const importFiles = async (files: readonly File[]) => {
    if (files.length === 0) return;
    setReport({ tone: 'busy', text: t('kb_importing'), problems: [] });
    try {
      const texts = await Promise.all(files.map(async (f) => ({ name: f.name, text: await f.text() })));
      const r = await request('kb.import', { files: texts });
      setReport({ tone: r.added ? 'ok' : 'error', text: t('kb_imported', [String(r.added), String(r.total)]), problems: r.problems });
      reload();
    } catch (e) {
      setReport({ tone: 'error', text: errorText(e), problems: [] });
    }
  };

  const clear = async () => {
    // A page's own dialog: removing every article cannot be undone.
    if (!confirm(t('kb_clear_confirm'))) return;
    try {
      await request('kb.clear', {});
      setReport(null);
      reload();
    } catch (e) {
      setReport({ tone: 'error', text: errorText(e), problems: [] });
    }
  };

  return { articles: list.value, error: list.error, report, importFiles, clear };
}
