// @ts-check
/**
 * The demo model's use of an order system offered through MCP (demo/mcp): when the ticket names
 * an order and a payments tool is offered, it lists the order's card captures, states them in the
 * draft, and when one amount was captured twice it proposes refunding the later capture as an
 * action for the agent to confirm. It calls the refund itself never: only action.propose.
 */

const ORDER = /\bNW-\d{5}\b/;

/** The order the ticket is about, or null. @param {{ subject: string, customerMessages: string[] }} ticket */
export function orderOf(ticket) {
  return ORDER.exec([ticket.subject, ...ticket.customerMessages].join('\n'))?.[0] ?? null;
}

/**
 * The captures of a payments.list result (its text is the server's JSON), or null.
 * @param {{ ok: boolean, value: unknown } | undefined} outcome
 * @returns {{ capture: string, amount: string, currency: string, card: string, at: string, refunded?: unknown }[] | null}
 */
export function capturesOf(outcome) {
  if (!outcome?.ok) return null;
  const data = /** @type {any} */ (outcome.value)?.data;
  let parsed = data?.structured;
  if (!parsed && typeof data?.text === 'string') {
    try {
      parsed = JSON.parse(data.text);
    } catch {
      return null;
    }
  }
  return Array.isArray(parsed?.payments) ? parsed.payments.filter((/** @type {any} */ p) => typeof p?.capture === 'string') : null;
}

/** The later of two captures of the same amount on the same card, not refunded yet: the duplicate. */
export function duplicateOf(/** @type {NonNullable<ReturnType<typeof capturesOf>>} */ payments) {
  const sorted = [...payments].sort((a, b) => String(a.at).localeCompare(String(b.at)));
  for (let i = 1; i < sorted.length; i++) {
    const [first, later] = [sorted[i - 1], sorted[i]];
    if (first && later && first.amount === later.amount && first.card === later.card && !later.refunded) return { first, later };
  }
  return null;
}

const money = (/** @type {{ amount: string, currency: string }} */ p) => (p.currency === 'EUR' ? `€${p.amount}` : `${p.amount} ${p.currency}`);
const time = (/** @type {string} */ at) => at.slice(11, 19);

/** What the draft says of the payments. @param {string} order @param {NonNullable<ReturnType<typeof capturesOf>>} payments */
export function paymentsParagraph(order, payments) {
  const twice = duplicateOf(payments);
  if (twice) {
    return `I checked order ${order}: your card was charged ${money(twice.first)} twice on ${twice.first.at.slice(0, 10)}, at ${time(twice.first.at)} (capture ${twice.first.capture}) and at ${time(twice.later.at)} (capture ${twice.later.capture}). We are refunding the second charge, ${money(twice.later)} (capture ${twice.later.capture}); you will see it on your statement within 5 to 10 working days.`;
  }
  const list = payments.map((p) => `${money(p)} (capture ${p.capture})`).join(', ');
  return list ? `I checked order ${order}: the payments on it are ${list}.` : `I checked order ${order} and found no payments on it.`;
}

/** The refund proposal for the duplicate, or null. @param {string} order @param {NonNullable<ReturnType<typeof capturesOf>>} payments */
export function refundProposal(order, payments) {
  const twice = duplicateOf(payments);
  if (!twice) return null;
  return { tool: 'payments.refund', arguments: { capture: twice.later.capture, reason: `duplicate charge on ${order}` }, summary: `Refund ${money(twice.later)} on ${order} (capture ${twice.later.capture})` };
}
