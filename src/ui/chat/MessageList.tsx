import type { VNode } from 'preact';
import { useEffect, useMemo, useRef } from 'preact/hooks';
import type { ChatItem } from '../../shared/chat-items';
import { t } from '../i18n';
import { useAnnouncement } from './announcement';
import { Block, BLOCK, type Actions, type RowContext } from './MessageRows';

type Of<K extends ChatItem['kind']> = Extract<ChatItem, { kind: K }>;

interface Props {
  items: ChatItem[];
  running: boolean;
  /**
   * The background's copy of the conversation has come (false while the sidebar waits for it,
   * after it opens or moves to another tab): until then the list is busy, not empty.
   */
  loaded?: boolean;
  /** A draft card, with whatever belongs under it (its confirm card). */
  renderDraft(item: Of<'draft'>): VNode;
  /** The conversation's head (the setup card, the ticket's context) and loose confirm cards, shown first. */
  before?: VNode | null;
  /** After the conversation: a card the agent opened (a saved reply to check before Insert). */
  after?: VNode | null;
  onRetry(): void;
  onSettings(): void;
  /** Turns an answer into the ticket's draft (or its next version). */
  onUseAsDraft?(itemId: string, text: string): void;
  /** The first so many model errors are out of date (the model answers now): shown as such, without Open settings. */
  staleErrors?: number;
  /**
   * Changes whenever what the draft cards show, other than their own item, changes: the cards
   * render again only then or when their item changes, not for every streamed token. Without it
   * they render with every render of the list.
   */
  cardsVersion?: unknown;
}


/**
 * The conversation, kept scrolled to the newest line while the reader is there. A streamed
 * token changes one item: every other row is memoised on its item, so only that one renders.
 */
export function MessageList(props: Props) {
  const { items, running, renderDraft, before, after, loaded = true } = props;
  const latest = useRef(props);
  latest.current = props;
  const actions = useMemo<Actions>(
    () => ({
      retry: () => latest.current.onRetry(),
      settings: () => latest.current.onSettings(),
      useAsDraft: (itemId, text) => latest.current.onUseAsDraft?.(itemId, text),
      draft: (item) => latest.current.renderDraft(item),
    }),
    [],
  );
  const log = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  const frame = useRef(0);
  // Scrolling reads the layout, so it waits for the next frame, once however many tokens came
  // in meanwhile, and only while the reader is at the end. Only the conversation moves it: a card
  // opening (a confirm card takes the focus) stays where it opened; an empty chat shows its head.
  useEffect(() => {
    if (!items.length || !atEnd.current || frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      if (atEnd.current && log.current) log.current.scrollTop = log.current.scrollHeight;
    });
  }, [items, running]);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);
  const onScroll = () => {
    const el = log.current!;
    atEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
  };

  const last = items.at(-1);
  const thinking = running && !(last?.kind === 'assistant' && last.streaming);

  const announced = useAnnouncement(items, running);

  // "Use as draft" is worked out between turns only, not for every token. While a turn runs the
  // earlier answers keep theirs, hidden (the background takes no draft from a running
  // conversation): their rows do not render again for the turn's start or end.
  const offers = useRef<boolean[]>([]);
  if (!running) offers.current = turnsWithDraft(items);
  const withDraft = offers.current;
  const draftVersion = props.cardsVersion ?? renderDraft;
  const staleErrors = props.staleErrors ?? 0;
  const useAsDraft = !!props.onUseAsDraft;
  const ctx = useMemo<RowContext>(() => ({ actions, useAsDraft, staleErrors }), [actions, useAsDraft, staleErrors]);
  // Actions belong to the end of the conversation: an old error's Retry would mislead.
  const idleAt = running ? -1 : items.length - 1;
  const blocks: VNode[] = [];
  let errorsBefore = 0;
  for (let from = 0; from < items.length; from += BLOCK) {
    blocks.push(<Block key={from} items={items} from={from} withDraft={withDraft} idleAt={idleAt} errorsBefore={errorsBefore} ctx={ctx} draftVersion={draftVersion} />);
    // Only while some errors are stale does a block need to know how many came before it.
    if (staleErrors) for (let i = from; i < Math.min(items.length, from + BLOCK); i++) if (items[i]!.kind === 'error') errorsBefore++;
  }
  return (
    <>
      {/* Not a live region itself: it changes with every token. The announcer below speaks each answer once, when it is complete. */}
      <div class={running ? 'chat-log running' : 'chat-log'} data-testid="chat-log" aria-busy={!loaded} ref={log} onScroll={onScroll}>
        {before}
        {loaded && items.length === 0 && <p class="muted chat-empty">{t('chat_empty')}</p>}
        {blocks}
        {thinking && <p class="muted chat-thinking">{t('chat_thinking')}</p>}
        {after}
      </div>
      <p class="visually-hidden" aria-live="polite" data-testid="chat-announcer">{announced}</p>
    </>
  );
}

/**
 * For each item, whether its turn (from one of the agent's messages to the next) made a draft: it
 * holds the draft, or a proposal the draft (moved on by a later rewrite) took as a version.
 */
function turnsWithDraft(items: ChatItem[]): boolean[] {
  const out = new Array<boolean>(items.length).fill(false);
  for (let start = 0, i = 0; i <= items.length; i++) {
    if (i < items.length && items[i]!.kind !== 'user') continue;
    if (items.slice(start, i).some((x) => x.kind === 'draft' || (x.kind === 'tool' && x.tool === 'reply.propose'))) out.fill(true, start, i);
    start = i;
  }
  return out;
}
