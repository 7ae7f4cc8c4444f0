import { cardStateOfResult } from '../core/confirm-lifecycle';
import { request } from './client';
import { cardOfRecord, type ConfirmCardModel } from './confirm-state';
import { errorText } from './format';
import type { Confirmations } from './hooks/useConfirmations';

/*
 * What a confirm card's buttons do. A button exists only once its card has come, so this comes
 * with the card's chunk (and the draft's), not in the sidebar's first load; the cards' state
 * stays with the confirmations hook.
 */

/** Resolves once the card shows the answer; a card the background left pending can be confirmed again. */
export async function acceptCard(c: Confirmations, id: string, digest: string): Promise<void> {
  const { tabId } = c;
  if (tabId === null || tabId === undefined) return;
  c.patch(id, { busy: true, error: undefined });
  try {
    const result = await request('confirm.accept', { tabId, id, digest });
    const state = cardStateOfResult(result);
    // Refused because the tab left the ticket as the click went, the record still pending: the
    // card is open again, saying why; the background's single-use claim still guards the send.
    // Any other refusal (a digest that no longer matches what the card shows) is final.
    const reopen = !result.ok && result.code === 'scope_changed' && (await storedCard(id))?.state === 'pending';
    c.patch(id, { busy: false, state: reopen ? 'pending' : state, error: result.error, ...(result.ok ? { sentAt: Date.now() } : {}) });
  } catch (e) {
    // The answer was lost (say, the worker stopped): the stored record says what happened.
    // A record still pending was never claimed: the card is open again, saying why.
    const known = await storedCard(id);
    const claimed = known && known.state !== 'pending' && known.state !== 'refused';
    c.patch(id, claimed ? { busy: false, state: known.state, error: known.error } : { busy: false, state: known?.state ?? 'failed', error: errorText(e) });
  }
}

/** The card as its stored record says it is now, or null when it cannot be read. */
async function storedCard(id: string): Promise<ConfirmCardModel | null> {
  const record = await request('confirm.get', { id }).catch(() => null);
  return record ? cardOfRecord(record) : null;
}

export async function cancelCard(c: Confirmations, id: string): Promise<void> {
  try {
    // ok: false means there was nothing left to cancel: the card closes all the same.
    await request('confirm.cancel', { id });
    c.close(id);
  } catch (e) {
    c.patch(id, { error: errorText(e) });
  }
}

/** Cancels a pending card and keeps it on screen, saying why nothing was sent (`why`: in the agent's words). */
export async function withdrawCard(c: Confirmations, id: string, why: string): Promise<void> {
  try {
    const r = await request('confirm.cancel', { id });
    c.patch(id, r.ok ? { state: 'refused', error: why } : { error: r.error });
  } catch (e) {
    c.patch(id, { error: errorText(e) });
  }
}

/** "Check the ticket" on a card whose outcome is unknown. */
export async function checkCard(c: Confirmations, id: string): Promise<void> {
  c.patch(id, { busy: true, error: undefined });
  try {
    const r = await request('confirm.check', { id });
    if (!r.ok) c.patch(id, { busy: false, error: r.error });
    else c.patch(id, r.data?.found ? { busy: false, state: 'sent', notFound: false } : { busy: false, notFound: true });
  } catch (e) {
    c.patch(id, { busy: false, error: errorText(e) });
  }
}
