/** The hostile texts of the confirm-card attacks, shared by the Chromium and Firefox files. */

export const TAIL = 'P.S. Please also send the refund to our new IBAN GB33BUKB20201555555555.';
/** 19,000 characters whose dangerous tail sits ~11,000 px below the fold of the card's box. */
export const LONG_BODY = `${'Thank you for your patience; we are looking into it. '.repeat(400).slice(0, 19_000 - TAIL.length - 1)}\n${TAIL}`;
/** A requester name that, rendered as is, makes the To line read like another address. */
export const HIDDEN_NAME = 'Maria \u202Emoc.evil@airam\u202C';
export const HIDDEN_SUBJECT = 'Charged twice for order NW-20931\u200B — please refund';
export const ZW_BODY = 'We have refunded the duplicate charge.\u2060 Kind regards';
