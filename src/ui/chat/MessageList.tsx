import type { VNode } from 'preact';
import { useEffect, useMemo, useRef } from 'preact/hooks';
import type { ChatItem } from '../../shared/chat-items';
import { t } from '../i18n';
import { Markdown } from './Markdown';
import { ToolCall } from './ToolTrace';
import { lazyView } from '../lazy-view';

import { AttackWarning } from './AttackWarning';
import { CopyButton } from './CopyButton';
import { memo } from '../memo';
import { ChatError, SETUP_ERRORS } from './ChatError';
import { useAnnouncement } from './announcement';

// Only a conversation with an MCP server's action in it needs the card: its own chunk.
const ActionCard = lazyView(() => import('./ActionCard').then((m) => m.ActionCard));

type Of<K extends ChatItem['kind']> = Extract<ChatItem, { kind: K }>;

interface Props {
  items: ChatItem[];
  running: boolean;
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

/** The rows' callbacks: the same functions for the list's whole life, acting on the newest props. */
interface Actions {
  retry(): void;
  settings(): void;
  useAsDraft(itemId: string, text: string): void;
  draft(item: Of<'draft'>): VNode;
}

/**
 * The conversation, kept scrolled to the newest line while the reader is there. A streamed
 * token changes one item: every other row is memoised on its item, so only that one renders.
 */
export function MessageList(props: Props) {
  const { items, running, renderDraft, before, after } = props;
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
  // Actions belong to the end of the conversation: an old error's Retry would mislead.
  const idle = (item: ChatItem) => item === last && !running;
  const thinking = running && !(last?.kind === 'assistant' && last.streaming);

  const announced = useAnnouncement(items, running);

  // "Use as draft" is worked out between turns only, not for every token. While a turn runs the
  // earlier answers keep theirs, hidden (the background takes no draft from a running
  // conversation): their rows do not render again for the turn's start or end.
  const offers = useRef<boolean[]>([]);
  if (!running) offers.current = turnsWithDraft(items);
  const withDraft = offers.current;
  const draftVersion = props.cardsVersion ?? renderDraft;
  let errors = 0;
  return (
    <>
      {/* Not a live region itself: it changes with every token. The announcer below speaks each answer once, when it is complete. */}
      <div class={running ? 'chat-log running' : 'chat-log'} ref={log} onScroll={onScroll}>
        {before}
        {items.length === 0 && <p class="muted chat-empty">{t('chat_empty')}</p>}
        {items.map((item, i) => {
          // Keyed by position (the list only grows) and call id: a snapshot keeps an edited draft.
          const key = `${i}:${'callId' in item ? item.callId : ''}`;
          switch (item.kind) {
            case 'user':
              return <UserRow key={key} item={item} />;
            case 'assistant':
              return (
                <AssistantRow
                  key={key}
                  item={item}
                  // Only a cut answer offers Retry: no other row renders again when the turn ends.
                  retry={item.cut === 'stream_cut' && idle(item)}
                  // Not for an answer whose turn already made a draft (above or under it), nor for a
                  // summary or a translation of the ticket: the customer's own words are no reply.
                  useAsDraft={!!props.onUseAsDraft && withDraft[i] === false}
                  actions={actions}
                />
              );
            case 'tool':
              return <ToolRow key={key} item={item} />;
            case 'draft':
              return <DraftRow key={key} item={item} version={draftVersion} actions={actions} />;
            case 'error':
              return <ErrorRow key={key} item={item} idle={idle(item)} stale={errors++ < (props.staleErrors ?? 0) && SETUP_ERRORS.has(item.errorKind)} actions={actions} />;
            case 'warning':
              return <WarningRow key={key} item={item} />;
            case 'notice':
              return <NoticeRow key={key} item={item} />;
          }
        })}
        {thinking && <p class="muted chat-thinking">{t('chat_thinking')}</p>}
        {after}
      </div>
      <p class="visually-hidden" aria-live="polite" data-testid="chat-announcer">{announced}</p>
    </>
  );
}

const UserRow = memo(({ item }: { item: Of<'user'> }) => (
  <div class="msg msg-user text" data-testid="user-message" data-action={item.action}>
    {item.action ? t(`quick_${item.action}`) : item.text}
  </div>
));

const AssistantRow = memo(({ item, retry, useAsDraft, actions }: { item: Of<'assistant'>; retry: boolean; useAsDraft: boolean; actions: Actions }) => (
  <Assistant item={item} onRetry={retry ? actions.retry : null} onUseAsDraft={useAsDraft && !item.card ? () => actions.useAsDraft(item.id, item.text) : null} />
));

/** A draft card with what belongs under it: renders again when its item or the cards' version changes. */
const DraftRow = memo(({ item, actions }: { item: Of<'draft'>; version: unknown; actions: Actions }) => <div>{actions.draft(item)}</div>);

const ToolRow = memo(({ item }: { item: Of<'tool'> }) => (
  <>
    <ToolCall item={item} />
    {item.action && item.status === 'ok' && <ActionCard proposal={item.action} callId={item.callId} />}
  </>
));

const ErrorRow = memo(({ item, idle, stale, actions }: { item: Of<'error'>; idle: boolean; stale: boolean; actions: Actions }) => (
  <ChatError item={item} stale={stale} onRetry={idle ? actions.retry : null} onSettings={idle && !stale ? actions.settings : null} />
));

const WarningRow = memo(({ item }: { item: Of<'warning'> }) => <AttackWarning tools={item.tools} />);

const NoticeRow = memo(({ item }: { item: Of<'notice'> }) => (
  <p class="chat-notice" role="note" data-testid="chat-notice">
    {item.text} {item.tone !== 'info' && t('chat_step_limit_hint')}
  </p>
));

function Assistant({ item, onRetry, onUseAsDraft }: { item: Of<'assistant'>; onRetry: (() => void) | null; onUseAsDraft: (() => void) | null }) {
  return (
    <div class={`msg msg-assistant${item.card ? ` card-${item.card}` : ''}`} data-testid="assistant-message" data-card={item.card} aria-busy={item.streaming === true} data-cut={item.cut}>
      <Markdown text={item.text} />
      {!item.streaming && item.text.trim() && (
        <div class="answer-actions">
          <CopyButton text={() => item.text} testId={item.card ? 'summary-copy' : 'answer-copy'} />
          {onUseAsDraft && !item.card && (
            <button type="button" class="link small use-draft" data-testid="use-as-draft" onClick={onUseAsDraft}>{t('chat_use_as_draft')}</button>
          )}
        </div>
      )}
      {item.cut && (
        <p class={`cut cut-${item.cut}`}>
          {t(`chat_cut_${item.cut}`)}
          {item.cut === 'stream_cut' && onRetry && (
            <button type="button" class="link" onClick={onRetry}>{t('chat_retry')}</button>
          )}
        </p>
      )}
    </div>
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
