import { useEffect, useState } from 'preact/hooks';
import { t } from '../i18n';

/** How long "Copied" shows before the button reads "Copy" again. */
const SHOWN_MS = 1500;

/**
 * Copy, with what became of it: the text (taken at the click, so an edited draft copies as it
 * reads) goes to the clipboard through the browser's own API.
 */
export function CopyButton({ text, testId, disabled = false }: { text: () => string; testId: string; disabled?: boolean }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text());
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <button type="button" class="link small" data-testid={testId} data-state={state} disabled={disabled} aria-live="polite" onClick={() => void copy()}>
      {t(state === 'copied' ? 'copy_done' : state === 'failed' ? 'copy_failed' : 'quick_copy')}
    </button>
  );
}
