import { useState } from 'preact/hooks';
import { request } from '../client';
import type { ToolResult } from '../../core';
import type { TicketData } from '../../shared/ticket';
import { errorText } from '../format';
import { t } from '../i18n';
import { useLoad } from '../hooks/useLoad';
import { asTicket } from '../../shared/result-parts';
import { TicketView } from '../sidebar/TicketView';

/**
 * On a ticket of a site whose recipe (imported, taught or the policy's) nobody has tested yet:
 * says so, and Test reads this ticket with it, each message with its role, so the agent sees
 * what it reads and what it counts as a reply or a note before sending with it.
 */
export function RecipeTestLine({ tabId, adapterId }: { tabId: number | null; adapterId: string }) {
  const site = adapterId.startsWith('recipe:') ? adapterId.slice('recipe:'.length) : null;
  const tested = useLoad(site ? () => request('recipes.tested', {}) : null, (m) => m.type === 'view.changed' && m.tabId === null, [site]);
  const [result, setResult] = useState<ToolResult<TicketData> | null>(null);
  const [busy, setBusy] = useState(false);
  if (!site || tabId === null || !tested.value || (tested.value.includes(site) && !result)) return null;
  const run = async () => {
    setBusy(true);
    try {
      setResult(await request('recipes.test', { tabId }));
    } catch (e) {
      setResult({ ok: false, code: 'internal', error: errorText(e) });
    } finally {
      setBusy(false);
    }
  };
  const ticket = result?.ok ? asTicket(result.data) : null;
  return (
    <div class="builtin-line small" data-testid="recipe-untested-line">
      {!tested.value.includes(site) && (
        <>
          <span class="badge badge-warn" title={t('recipe_untested_hint')}>
            {t('recipe_untested')}
          </span>{' '}
          {t('recipe_untested_line')}{' '}
        </>
      )}
      <button type="button" class="btn btn-quiet" data-testid="recipe-test" disabled={busy} onClick={() => void run()}>
        {t('recipe_test')}
      </button>
      {result && !result.ok && (
        <p class="error" role="alert" data-testid="recipe-test-result">
          {result.error}
        </p>
      )}
      {ticket && (
        <div data-testid="recipe-test-result">
          <p class="small muted">{t('recipe_test_title')}</p>
          <TicketView ticket={ticket} />
        </div>
      )}
    </div>
  );
}
