// @ts-check
/** The demo order system's data and its three operations: look up, list payments, refund. */
import { readFileSync } from 'node:fs';

const SEED = JSON.parse(readFileSync(new URL('./orders.json', import.meta.url), 'utf8'));

/** @typedef {{ capture: string, order: string, amount: string, currency: string, card: string, at: string, refunded?: { id: string, at: string } }} Payment */

export function createOrderBook() {
  /** @type {{ orders: any[], payments: Payment[] }} */
  const data = structuredClone(SEED);
  /** @type {{ at: string, refund: string, capture: string, order: string, amount: string }[]} */
  const refunds = [];
  return {
    /** @param {string} id */
    order: (id) => data.orders.find((o) => o.id === id.trim().toUpperCase()) ?? null,
    /** @param {string} id */
    payments: (id) => data.payments.filter((p) => p.order === id.trim().toUpperCase()),
    /** Refunds one capture, once: a second refund of it is refused. @param {string} capture */
    refund(capture) {
      const payment = data.payments.find((p) => p.capture === capture);
      if (!payment) return { ok: false, error: `There is no capture ${capture}.` };
      if (payment.refunded) return { ok: false, error: `Capture ${capture} was already refunded (${payment.refunded.id}).` };
      const id = `re_${(refunds.length + 1).toString().padStart(4, '0')}${capture.slice(-3)}`;
      const at = new Date().toISOString();
      payment.refunded = { id, at };
      refunds.push({ at, refund: id, capture, order: payment.order, amount: `${payment.amount} ${payment.currency}` });
      return { ok: true, refund: id, capture, order: payment.order, amount: payment.amount, currency: payment.currency };
    },
    /** Every refund made, oldest first. */
    refunds: () => refunds.slice(),
  };
}
