import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ToolResult } from '../../core';
import { draftText, type DraftItem } from '../../shared/chat-items';
import type { DraftTool } from '../hooks/useDraftActions';
import { useTyped } from '../hooks/useTyped';
import { typed } from '../typed';
import type { TypedField } from '../../shared/typed';
import { formatClock } from '../format';
import { t } from '../i18n';
import { DraftWarning } from './DraftWarning';
import { DraftSources } from './DraftSources';
import { DraftVersions } from './DraftVersions';
import { CopyButton } from './CopyButton';
import { Rewrites } from './QuickActions';
import type { QuickAction } from '../../core/quick-actions';
import { isNoteDraft } from '../../shared/draft-versions';


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
  /** `anyway`: the agent chose to insert the draft on the ticket the tab shows, though written for another. */
  onRun(tool: DraftTool, body: string, anyway: boolean): Promise<ToolResult>;
  /** Where the agent's edit is kept with the conversation (the page's typed-text keeper). */
  field: TypedField | null;
  /** The agent acknowledges the warning of a draft written under attack. */
  onAcknowledge(): void;
  /** The rewrites (Shorter, Friendlier, More formal), on the draft they act on; none: not offered here. */
  rewrite?: { off: boolean; running: boolean; run(action: QuickAction, text: string): void } | null;
  /** Back to an earlier version (its index in the draft's history). */
  onRestore?(index: number): void;
}

/**
 * A reply the assistant proposed, for the person to edit. Both buttons take the text as it
 * is in the box at the moment of the click: what goes to the confirm step is what was seen.
 * The edit lives with the conversation in the background, so a card made again (a reload, a
 * reopened sidebar, a restarted worker) shows the agent's text, not the model's.
 */
export function DraftCard({ draft, blocked, elsewhere, sent, onShowSent, onRun, field, onAcknowledge, rewrite = null, onRestore }: Props) {
  // The text typed here until the background has a newer one: a card made again from the
  // background's copy while an edit is on its way shows the edit.
  const kept = useTyped(field, draftText(draft));
  const body = kept.text;
  // A rewrite, a translation or going back changes the draft in place: once what was typed here
  // is applied, the box shows the new version (what the agent typed before it is kept as an
  // earlier version, see draft-versions).
  const version = `${draft.history?.length ?? 0}:${draft.versionCallId ?? draft.callId}`;
  const shownVersion = useRef(version);
  useEffect(() => {
    if (shownVersion.current === version) return;
    shownVersion.current = version;
    if (field) typed.heard(field);
  }, [version]);
  const note = isNoteDraft(draft);
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
  // A note is added where the page has a note box, and only inserted where it has none.
  const noteBox = note && blocked('note.add') === null;
  const fill = note && noteBox ? null : blocked('reply.fill');
  const sendTool: DraftTool | null = note ? (noteBox ? 'note.add' : null) : 'reply.send';
  const send = sendTool && blocked(sendTool);
  const reasons = [...new Set([note && !noteBox ? 'note_no_add' : null, fill, send])].filter((r): r is string => r !== null);

  const edit = kept.type;
  const run = async (tool: DraftTool, chosen = anyway) => {
    // Insert may go to another ticket on the agent's choice; a send goes only where it was written.
    if (elsewhere && (!chosen || tool !== 'reply.fill')) return setAsked({ tool, text: elsewhere });
    // The box itself, not the last input event: exactly the text on screen, kept before it is used.
    const text = box.current?.value ?? body;
    setBusy(true);
    setStatus(null);
    const result = await onRun(tool, text, chosen);
    setBusy(false);
    // Only Insert may be used on another ticket by choice; a send there is refused for good.
    if (!result.ok && result.code === 'draft_elsewhere' && tool === 'reply.fill') setAsked({ tool, text: result.error });
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
    <section class={draft.warned?.length ? 'draft draft-warned' : 'draft'} data-testid="draft-card" data-audience={note ? 'note' : 'reply'} data-warned={draft.warned?.length ? 'true' : undefined} aria-label={t(note ? 'note_title' : 'draft_title')}>
      {!!draft.warned?.length && <DraftWarning tools={draft.warned} acknowledged={!!draft.acknowledged} onAcknowledge={onAcknowledge} />}
      <div class="draft-head">
        <strong>{t(note ? 'note_title' : 'draft_title')}</strong>
        {body !== draft.body && (
          <button type="button" class="link" data-testid="draft-reset" onClick={() => edit(draft.body)}>
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
            {t(note ? 'note_added_at' : 'draft_sent_at', formatClock(sent.at))}
          </a>
        </p>
      )}
      {warning && (
        <div class="draft-elsewhere" data-testid="draft-elsewhere" role="alert">
          <p class="small">{warning}</p>
          {/* Only an insert can be made on another ticket, and only by this choice. */}
          {(asked?.tool ?? 'reply.fill') === 'reply.fill' && !fill && (
            <button type="button" class="btn btn-small" data-testid="draft-use-here" disabled={busy} onClick={useHere}>
              {t('draft_use_here')}
            </button>
          )}
        </div>
      )}
      {draft.subject && <p class="draft-subject">{draft.subject}</p>}
      <textarea ref={box} data-testid="draft-body" rows={4} value={body} aria-label={t(note ? 'note_body' : 'draft_body')} onInput={(e) => edit(e.currentTarget.value)} onBlur={() => void typed.flush()} />
      <DraftSources draft={draft} />
      <div class="actions">
        {(!note || !noteBox) && (
          <button type="button" class="btn btn-write" data-testid={note ? 'note-insert' : 'draft-insert'} disabled={busy || empty || held || !!fill} title={fill ? t(fill) : undefined} onClick={() => run('reply.fill')}>
            {t('draft_insert')}
          </button>
        )}
        {sendTool && (
          <button
            type="button"
            class="btn btn-send"
            data-testid={note ? 'note-add' : 'draft-send'}
            // Written for another ticket: it is sent from that ticket, never from here.
            disabled={busy || empty || held || !!send || !!elsewhere}
            title={send ? t(send) : undefined}
            onClick={() => run(sendTool)}
          >
            {note ? t('note_add') : t(sent ? 'draft_send_again' : 'draft_send')}
          </button>
        )}
        <CopyButton text={() => box.current?.value ?? body} testId="draft-copy" disabled={held} />
      </div>
      {rewrite && !note && (
        <Rewrites
          off={rewrite.off || held || empty || busy}
          running={rewrite.running}
          onRewrite={(action) => {
            // The text on screen is kept first: the rewrite starts from it, and the version it replaces holds it.
            const text = box.current?.value ?? body;
            void typed.flush();
            rewrite.run(action, text);
          }}
        />
      )}
      {!!draft.history?.length && onRestore && <DraftVersions draft={draft} onRestore={onRestore} />}
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
