import { useState } from 'preact/hooks';
import { request } from '../client';
import type { Response } from '../../shared/protocol';
import { errorText } from '../format';

export type KbArticleView = { state: 'loading' } | { state: 'shown'; article: NonNullable<Response<'kb.article'>> } | { state: 'missing' } | { state: 'error'; text: string };

/** One knowledge-base article opened from a draft's source chip; opening the open one closes it. */
export function useKbArticle() {
  const [open, setOpen] = useState<{ id: string; view: KbArticleView } | null>(null);
  const toggle = async (id: string) => {
    if (open?.id === id) return setOpen(null);
    setOpen({ id, view: { state: 'loading' } });
    try {
      const article = await request('kb.article', { id });
      setOpen({ id, view: article ? { state: 'shown', article } : { state: 'missing' } });
    } catch (e) {
      setOpen({ id, view: { state: 'error', text: errorText(e) } });
    }
  };
  return { open, toggle, close: () => setOpen(null) };
}
