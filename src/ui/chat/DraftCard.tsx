import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ToolResult } from '../../core';
import type { ChatItem } from '../../shared/chat-items';
import type { DraftTool } from '../hooks/useDraftActions';
import { t } from '../i18n';
import { DraftWarning } from './AttackWarning';
import { DraftSources } from './DraftSources';

type DraftItem = Extract<ChatItem, { kind: 'draft' }>;

const MAX_HEIGHT = 360;

interface Props {
  draft: DraftItem;
  /** Why the page does not offer the tool (a message key), or null. */
  blocked(tool: DraftTool): string | null;
  onRun(tool: DraftTool, body: string): Promise<ToolResult>;
  /** The agent acknowledges the warning of a draft written under attack. */
  onAcknowledge(): void;
}

/**
 * A reply the assistant proposed, for the person to edit. Both buttons take the text as it
 * is in the box at the moment of the click: what goes to the confirm step is what was seen.
 */
export function DraftCard({ draft, blocked, onRun, onAcknowledge }: Props) {
  const [body, setBody] = useState(draft.body);
  const box = useRef<HTMLTextAreaElement>(null);
  // The whole draft in view, up to a limit; longer ones scroll in the box.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight + 2, MAX_HEIGHT)}px`;
  }, [body]);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const fill = blocked('reply.fill');
  const send = blocked('reply.send');
  const reasons = [...new Set([fill, send])].filter((r): r is string => r !== null);

  const run = async (tool: DraftTool) => {
    setBusy(true);
    setStatus(null);
    // The box itself, not the last input event: exactly the text on screen.
    const result = await onRun(tool, box.current?.value ?? body);
    setBusy(false);
    if (!result.ok) setStatus({ ok: false, text: result.error ?? t('result_failed') });
    else if (tool === 'reply.fill') setStatus({ ok: true, text: t('draft_inserted') });
  };
  const empty = !body.trim();
  // Written while the assistant tried forbidden tools: used only once the agent acknowledged it.
  const held = !!draft.warned?.length && !draft.acknowledged;

  return (
    <section class={draft.warned?.length ? 'draft draft-warned' : 'draft'} data-testid="draft-card" data-warned={draft.warned?.length ? 'true' : undefined} aria-label={t('draft_title')}>
      {!!draft.warned?.length && <DraftWarning tools={draft.warned} acknowledged={!!draft.acknowledged} onAcknowledge={onAcknowledge} />}
      <div class="draft-head">
        <strong>{t('draft_title')}</strong>
        {body !== draft.body && (
          <button type="button" class="link" onClick={() => setBody(draft.body)}>
            {t('draft_reset')}
          </button>
        )}
      </div>
      {draft.subject && <p class="draft-subject">{draft.subject}</p>}
      <textarea ref={box} data-testid="draft-body" rows={4} value={body} aria-label={t('draft_body')} onInput={(e) => setBody(e.currentTarget.value)} />
      <DraftSources draft={draft} />
      <div class="actions">
        <button type="button" class="btn btn-write" data-testid="draft-insert" disabled={busy || empty || held || !!fill} title={fill ? t(fill) : undefined} onClick={() => run('reply.fill')}>
          {t('draft_insert')}
        </button>
        <button type="button" class="btn btn-send" data-testid="draft-send" disabled={busy || empty || held || !!send} title={send ? t(send) : undefined} onClick={() => run('reply.send')}>
          {t('draft_send')}
        </button>
      </div>
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
