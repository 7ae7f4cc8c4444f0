import { Component, type VNode } from 'preact';
import type { ChatItem } from '../../shared/chat-items';
import { t } from '../i18n';
import { Markdown } from './Markdown';
import { ToolCall } from './ToolTrace';
import { lazyView } from '../lazy-view';
import { CopyButton } from './CopyButton';
import { memo } from '../memo';
import { SETUP_ERRORS } from './error-kinds';
import { AttackWarning } from './AttackWarning';
import { ChatError } from './ChatError';

// Only a conversation with an MCP server's action in it needs the card: its own chunk.
const ActionCard = lazyView(() => import('./ActionCard').then((m) => m.ActionCard));

type Of<K extends ChatItem['kind']> = Extract<ChatItem, { kind: K }>;

/** The rows' callbacks: the same functions for the list's whole life, acting on the newest props. */
export interface Actions {
  retry(): void;
  settings(): void;
  useAsDraft(itemId: string, text: string): void;
  draft(item: Of<'draft'>): VNode;
}

/** What every row of the list is drawn with; a new object only when one of these changed. */
export interface RowContext {
  actions: Actions;
  /** The list offers "Use as draft" at all. */
  useAsDraft: boolean;
  /** The first so many model errors are out of date. */
  staleErrors: number;
}

/** The rows of so many items make one block: a streamed token renders one block, the others compare their items and stop. */
export const BLOCK = 40;

interface BlockProps {
  items: ChatItem[];
  /** The block's first item. */
  from: number;
  /** Per item: its turn made a draft (true), made none (false), not worked out yet (undefined). */
  withDraft: boolean[];
  /** The index of the last item when no turn runs (it may offer Retry), else -1. */
  idleAt: number;
  /** Model errors before the block, for the stale ones. */
  errorsBefore: number;
  ctx: RowContext;
  /** Changes whenever the draft cards show something new besides their item (see MessageList's cardsVersion): only a block with a draft renders for it. */
  draftVersion: unknown;
}

const idleIn = (p: BlockProps) => (p.idleAt >= p.from && p.idleAt < p.from + BLOCK ? p.idleAt : -1);

/**
 * The rows of BLOCK items from `from`. It renders again only when one of its items (by
 * identity) or what its rows are drawn with changed: the work of a token does not grow with the
 * conversation. Blocks are by position, so a row never moves from one to another. Each is an
 * element of its own, which the browser skips while it is off screen (styles.css, .chat-block).
 */
export class Block extends Component<BlockProps> {
  override shouldComponentUpdate(next: BlockProps): boolean {
    const now = this.props;
    if (now.ctx !== next.ctx || now.from !== next.from || now.errorsBefore !== next.errorsBefore || idleIn(now) !== idleIn(next)) return true;
    let drafts = false;
    for (let i = now.from; i < now.from + BLOCK; i++) {
      if (now.items[i] !== next.items[i] || now.withDraft[i] !== next.withDraft[i]) return true;
      drafts ||= now.items[i]?.kind === 'draft';
    }
    return drafts && now.draftVersion !== next.draftVersion;
  }

  override render({ items, from, withDraft, idleAt, errorsBefore, ctx, draftVersion }: BlockProps) {
    let errors = errorsBefore;
    return (
      <div class="chat-block">
        {items.slice(from, from + BLOCK).map((item, j) => {
          const i = from + j;
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
                  retry={item.cut === 'stream_cut' && i === idleAt}
                  // Not for an answer whose turn already made a draft (above or under it), nor for a
                  // summary or a translation of the ticket: the customer's own words are no reply.
                  useAsDraft={ctx.useAsDraft && withDraft[i] === false}
                  actions={ctx.actions}
                />
              );
            case 'tool':
              return <ToolRow key={key} item={item} />;
            case 'draft':
              return <DraftRow key={key} item={item} version={draftVersion} actions={ctx.actions} />;
            case 'error':
              return <ErrorRow key={key} item={item} idle={i === idleAt} stale={errors++ < ctx.staleErrors && SETUP_ERRORS.has(item.errorKind)} actions={ctx.actions} />;
            case 'warning':
              return <WarningRow key={key} item={item} />;
            case 'notice':
              return <NoticeRow key={key} item={item} />;
          }
        })}
      </div>
    );
  }
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
