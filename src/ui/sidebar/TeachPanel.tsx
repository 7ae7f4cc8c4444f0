import { foundText, stepDone, TEACH_STEPS, type TeachStep, type TeachView } from '../../shared/teach';
import type { Teach } from '../hooks/useTeach';
import { t } from '../i18n';
import { asTicket } from '../../shared/result-parts';
import { TicketView } from './TicketView';

interface Props {
  teach: TeachView | null;
  /** This page may be taught: Deskmate runs here and no recipe or adapter knows it. */
  offer: boolean;
  actions: Teach;
}

/**
 * "Teach Deskmate this helpdesk": the steps the agent points at in the page, what each found,
 * Test (the ticket as ticket.read returns it with these choices), Save and Cancel.
 */
export function TeachPanel({ teach, offer, actions }: Props) {
  if (!teach) {
    if (!offer) return null;
    return (
      <section class="section teach-offer">
        <p class="small">{t('teach_intro')}</p>
        <button type="button" class="btn" data-testid="teach-start" disabled={actions.busy} onClick={() => void actions.start()}>
          {t('teach_start')}
        </button>
        {actions.error && <p class="error" role="alert">{actions.error}</p>}
      </section>
    );
  }
  return (
    <section class="section teach" data-testid="teach">
      <h2>{t('teach_title', teach.site)}</h2>
      <ol class="teach-steps">
        {TEACH_STEPS.map((step) => (
          <Step key={step} step={step} teach={teach} onRedo={() => void actions.goto(step)} />
        ))}
      </ol>
      {teach.problem && <p class="muted small">{teach.problem}</p>}
      <div class="actions">
        <button type="button" class="btn" data-testid="teach-test" disabled={!teach.complete || actions.busy} onClick={() => void actions.runTest()}>
          {t('teach_test')}
        </button>
        <button type="button" class="btn btn-write" data-testid="teach-save" disabled={!teach.complete || actions.busy} onClick={() => void actions.save()}>
          {t('teach_save')}
        </button>
        <button type="button" class="btn btn-quiet" data-testid="teach-cancel" onClick={() => void actions.cancel()}>
          {t('teach_cancel')}
        </button>
      </div>
      {actions.error && <p class="error" role="alert">{actions.error}</p>}
      {actions.test && <TestResult result={actions.test} />}
    </section>
  );
}

function Step({ step, teach, onRedo }: { step: TeachStep; teach: TeachView; onRedo(): void }) {
  const current = teach.step === step;
  const found = foundText(step, teach.choices, t);
  const state = current ? 'current' : stepDone(teach.choices, step) ? 'done' : 'todo';
  return (
    <li class={`teach-step ${state}`} data-testid="teach-step" data-step={step} data-state={state} aria-current={current ? 'step' : undefined}>
      <strong>{t(`teach_step_${step}`)}</strong>
      {current && <span class="muted small"> — {t('teach_waiting')}</span>}
      {found && (
        <span class="small" data-testid="teach-found">
          {found}
          {step === 'editor' && teach.replyPage ? ` ${t('teach_found_reply_page', teach.replyPage)}` : ''}
        </span>
      )}
      {!current && (
        <button type="button" class="link small" onClick={onRedo}>
          {stepDone(teach.choices, step) ? t('teach_redo') : t('teach_pick_now')}
        </button>
      )}
    </li>
  );
}

function TestResult({ result }: { result: NonNullable<Teach['test']> }) {
  if (!result.ok) {
    return (
      <p class="error" role="alert" data-testid="teach-test-result">
        {result.error}
      </p>
    );
  }
  const ticket = asTicket(result.data);
  return (
    <div data-testid="teach-test-result">
      <p class="small muted">{t('teach_test_title')}</p>
      {ticket && <TicketView ticket={ticket} />}
    </div>
  );
}
