import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ToolResult } from '../../core';
import { draftText, type DraftItem } from '../../shared/chat-items';
import type { DraftTool } from '../hooks/useDraftActions';
import { useTyped } from '../hooks/useTyped';
import { typed } from '../typed';
import type { TypedField } from '../../shared/typed';
import { formatClock } from '../format';
import { t } from '../i18n';
import { DraftWarning } from './AttackWarning';
import { DraftSources } from './DraftSources';
import { CopyButton } from './CopyButton';
import { Rewrites } from './QuickActions';
import type { QuickAction } from '../../core/quick-actions';


interface Props {
  draft: DraftItem;
  /** Why the page does not offer the tool (a message key), or null. */
  blocked(tool: DraftTool): string | null;
  /** When the tab now shows another ticket than the draft was written for: that, in words; else null. */
  elsewhere: string | null;
  /** The draft's last send that went out: when, and the id of its confirm card. */
  sent: { at: number; cardId: string } | null;
  /** Shows the confirm card of that send. */
  onShowSent(): void;
  /** `anyway`: the agent chose to use the draft on the ticket the tab shows, though written for another. */
  onRun(tool: DraftTool, body: string, anyway: boolean): Promise<ToolResult>;
  /** Where the agent's edit is kept with the conversation (the page's typed-text keeper). */
  field: TypedField | null;
  /** The agent acknowledges the warning of a draft written under attack. */
  onAcknowledge(): void;
  /** The rewrites (Shorter, Friendlier, More formal), on the draft they act on; none: not offered here. */
  rewrite?: { off: boolean; running: boolean; run(action: QuickAction, text: string): void } | null;
}

/**
 * A reply the assistant proposed, for the person to edit. Both buttons take the text as it
 * is in the box at the moment of the click: what goes to the confirm step is what was seen.
 * The edit lives with the conversation in the background, so a card made again (a reload, a
 * reopened sidebar, a restarted worker) shows the agent's text, not the model's.
 */
export function DraftCard({ draft, blocked, elsewhere, sent, onShowSent, onRun, field, onAcknowledge, rewrite = null }: Props) {
  // The text typed here until the background has a newer one: a card made again from the
  // background's copy while an edit is on its way shows the edit.
  const kept = useTyped(field, draftText(draft));
  const body = kept.text;
  const box = useRef<HTMLTextAreaElement>(null);
  // The whole draft at its natural height: it scrolls with the conversation, not in a box of its own.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${el.scrollHeight + 2}px`;
  }, [body]);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  // Another ticket: nothing happens until the agent chooses to use the draft here.
  const [anyway, setAnyway] = useState(false);
  const [asked, setAsked] = useState<{ tool: DraftTool | null; text: string } | null>(null);
  useEffect(() => {
    setAnyway(false);
    setAsked(null);
  }, [elsewhere]);
  const fill = blocked('reply.fill');
  const send = blocked('reply.send');
  const reasons = [...new Set([fill, send])].filter((r): r is string => r !== null);

  const edit = kept.type;
  const run = async (tool: DraftTool, chosen = anyway) => {
    if (elsewhere && !chosen) return setAsked({ tool, text: elsewhere });
    // The box itself, not the last input event: exactly the text on screen (kept before it is used, see onRun).
    const text = box.current?.value ?? body;
    setBusy(true);
    setStatus(null);
    const result = await onRun(tool, text, chosen);
    setBusy(false);
    if (!result.ok && result.code === 'draft_elsewhere') setAsked({ tool, text: result.error });
    else if (!result.ok) setStatus({ ok: false, text: result.error ?? t('result_failed') });
    else if (tool === 'reply.fill') setStatus({ ok: true, text: t('draft_inserted') });
  };
  const useHere = () => {
    const tool = asked?.tool ?? null;
    setAnyway(true);
    setAsked(null);
    if (tool) void run(tool, true);
  };
  const empty = !body.trim();
  // Written while the assistant tried forbidden tools: used only once the agent acknowledged it.
  const held = !!draft.warned?.length && !draft.acknowledged;
  const warning = asked?.text ?? (elsewhere && !anyway ? elsewhere : null);

  return (
    <section class={draft.warned?.length ? 'draft draft-warned' : 'draft'} data-testid="draft-card" data-warned={draft.warned?.length ? 'true' : undefined} aria-label={t('draft_title')}>
      {!!draft.warned?.length && <DraftWarning tools={draft.warned} acknowledged={!!draft.acknowledged} onAcknowledge={onAcknowledge} />}
      <div class="draft-head">
        <strong>{t('draft_title')}</strong>
        {body !== draft.body && (
          <button type="button" class="link" onClick={() => edit(draft.body)}>
            {t('draft_reset')}
          </button>
        )}
      </div>
      {sent && (
        <p class="draft-state small" data-testid="draft-state" data-state="sent">
          <a
            href={`#confirm-${sent.cardId}`}
            onClick={(e) => {
              e.preventDefault();
              onShowSent();
            }}
          >
            {t('draft_sent_at', formatClock(sent.at))}
          </a>
        </p>
      )}
      {warning && (
        <div class="draft-elsewhere" data-testid="draft-elsewhere" role="alert">
          <p class="small">{warning}</p>
          <button type="button" class="btn btn-small" data-testid="draft-use-here" disabled={busy} onClick={useHere}>
            {t('draft_use_here')}
          </button>
        </div>
      )}
      {draft.subject && <p class="draft-subject">{draft.subject}</p>}
      <textarea ref={box} data-testid="draft-body" rows={4} value={body} aria-label={t('draft_body')} onInput={(e) => edit(e.currentTarget.value)} onBlur={() => void typed.flush()} />
      <DraftSources draft={draft} />
      <div class="actions">
        <button type="button" class="btn btn-write" data-testid="draft-insert" disabled={busy || empty || held || !!fill} title={fill ? t(fill) : undefined} onClick={() => run('reply.fill')}>
          {t('draft_insert')}
        </button>
        <button type="button" class="btn btn-send" data-testid="draft-send" disabled={busy || empty || held || !!send} title={send ? t(send) : undefined} onClick={() => run('reply.send')}>
          {t(sent ? 'draft_send_again' : 'draft_send')}
        </button>
        <CopyButton text={() => box.current?.value ?? body} testId="draft-copy" disabled={held} />
      </div>
      {rewrite && <Rewrites off={rewrite.off || held || empty} running={rewrite.running} onRewrite={(action) => rewrite.run(action, box.current?.value ?? body)} />}
      {reasons.map((r) => (
        <p key={r} class="muted small">
          {t(r)}
        </p>
      ))}
      {status && (
        <p class={status.ok ? 'ok small' : 'error small'} role="status">
          {status.text}
        </p>
      )}
    </section>
  );
}
