import { useEffect, useState } from 'preact/hooks';
import type { McpActionProposal, McpActionState } from '../../shared/mcp';
import { request } from '../client';
import { errorText, formatTime } from '../format';
import { useBoundTab } from '../hooks/useBoundTab';
import { useView } from '../hooks/useView';
import { t } from '../i18n';
import { Revealed } from '../shared/Revealed';

/**
 * One argument in words: its name and its value as JSON would write it (strings as they are),
 * hidden and reordering characters shown marked, so what the agent checks is what is called.
 */
const shown = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

function Arguments({ args }: { args: Record<string, unknown> }) {
  const entries = Object.entries(args);
  if (entries.length === 0) return <p class="muted small">{t('action_no_arguments')}</p>;
  return (
    <dl class="action-args" data-testid="action-args">
      {entries.map(([name, value]) => (
        <div key={name}>
          <dt>
            <Revealed text={name} />
          </dt>
          <dd>
            <code>
              <Revealed text={shown(value)} />
            </code>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * An action the assistant proposed (`action.propose`): which tool of which system, with exactly
 * which arguments. Nothing happened yet. Review… prepares the exact call; its confirm, bound to
 * the digest of that call, makes it once. The card's state is the background's: a second click
 * or a reload gets the same confirm, or what became of it.
 */
export function ActionCard({ proposal, callId }: { proposal: McpActionProposal; callId: string }) {
  const tabId = useBoundTab();
  const { view } = useView(tabId);
  const [state, setState] = useState<McpActionState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The server whose tool it is, as the options page lists it (the model names only the tool).
  const [server, setServer] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    request('mcp.list', {})
      .then((servers) => live && setServer(servers.find((s) => s.tools.some((tool) => tool.name === proposal.tool && tool.standing === 'send'))?.name ?? null))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [proposal.tool]);
  const act = async (work: () => Promise<{ ok: boolean; data?: McpActionState; error?: string }>) => {
    setBusy(true);
    setError(null);
    try {
      const r = await work();
      if (r.data) setState(r.data);
      if (!r.ok) setError(r.error ?? t('action_failed'));
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  // The instant the tab moves to another ticket, before this conversation gives way: its Confirm is held (the background refuses it anyway).
  const home = state?.payload.ticket;
  const away = home !== undefined && (view?.page?.origin !== home.site || view?.page?.ticket?.key !== home.key);
  const review = () => tabId != null && void act(() => request('mcp.prepare', { tabId, callId }));
  const confirm = () => state && tabId != null && void act(() => request('mcp.confirm', { tabId, id: state.id, digest: state.digest }));
  const cancel = () => state && void act(async () => ((await request('mcp.cancel', { id: state.id })).ok ? { ok: true, data: { ...state, phase: 'cancelled' as const } } : { ok: false }));
  const phase = state?.phase;
  return (
    <div class="card action-card" data-testid="action-card" data-tool={proposal.tool} data-call-id={callId} data-phase={phase ?? 'proposed'}>
      <p class="card-title">
        <strong>{t('action_title')}</strong> <Revealed text={proposal.summary} />
      </p>
      <p class="small">
        {t('action_call', [proposal.tool, state?.payload.server ?? server ?? t('action_server_unknown')])}
      </p>
      <Arguments args={state?.payload.arguments ?? proposal.arguments} />
      {!state && (
        <div class="actions">
          <button type="button" class="btn" data-testid="action-review" disabled={busy || tabId == null} onClick={review}>
            {t('action_review')}
          </button>
        </div>
      )}
      {phase === 'pending' && state && (
        <div class="action-confirm" data-testid="action-confirm">
          <p class="grade-line">{t('action_confirm_line', [state.payload.tool, state.payload.server, formatTime(state.expiresAt)])}</p>
          <div class="actions">
            <button type="button" class="btn btn-send" data-testid="action-confirm-button" disabled={busy || away} onClick={confirm}>
              {t('action_confirm')}
            </button>
            <button type="button" class="btn btn-quiet" data-testid="action-cancel" disabled={busy} onClick={cancel}>
              {t('action_cancel')}
            </button>
          </div>
        </div>
      )}
      {phase && phase !== 'pending' && (
        <p class={phase === 'sent' ? 'ok' : phase === 'cancelled' || phase === 'expired' ? 'muted' : 'error'} role="status" data-testid="action-outcome">
          {t(`action_outcome_${phase}`)}
        </p>
      )}
      {state?.answer && <pre class="action-answer small" data-testid="action-answer">{state.answer}</pre>}
      {(error ?? state?.error) && (
        <p class="error small" role="alert" data-testid="action-error">
          {error ?? state?.error}
        </p>
      )}
    </div>
  );
}
