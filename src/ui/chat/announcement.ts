import { useEffect, useRef, useState } from 'preact/hooks';
import { draftText, type ChatItem } from '../../shared/chat-items';
import { t } from '../i18n';

/** The newest complete answer or draft, as a screen reader should hear it. */
function newestAnswer(items: ChatItem[]): { key: string; text: string } | null {
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i]!;
    if (item.kind === 'draft') return { key: `draft:${item.callId}`, text: `${t('draft_title')}: ${draftText(item)}` };
    if (item.kind === 'assistant' && !item.streaming && item.text.trim()) return { key: `answer:${item.id}`, text: item.text };
    if (item.kind === 'user') return null;
  }
  return null;
}

/**
 * What the polite live region says: each answer or draft that completed while the agent waited,
 * once, whole; never the tokens as they stream in, nor the history shown on opening.
 */
export function useAnnouncement(items: ChatItem[], running: boolean): string {
  const [said, setSaid] = useState('');
  const waited = useRef(false);
  const newest = newestAnswer(items);
  const key = running ? null : (newest?.key ?? null);
  if (running) waited.current = true;
  useEffect(() => {
    if (!key || !waited.current) return;
    waited.current = false;
    setSaid(newest!.text);
  }, [key]);
  return said;
}
