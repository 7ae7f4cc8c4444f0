import { createMaskingModel, detectPersonalData, peopleOfTicket } from '@/src/core/pii';
import { createNumberChecks } from '@/src/core/pii/number-plans';
import { reviewContacts } from '@/src/shared/contact-review';
import { PERSONAL_DATA_GLOBAL, type PersonalData } from '@/src/shared/personal-data-module';

/**
 * Masking and the confirm card's contact review with the phone number and IBAN checks, kept out
 * of background.js: the background runs this script the first time it needs one of them
 * (src/background/model/personal-data.ts).
 */
export default defineUnlistedScript(() => {
  const module: PersonalData = { createNumberChecks, createMaskingModel, peopleOfTicket, reviewContacts, detectPersonalData };
  (globalThis as Record<string, unknown>)[PERSONAL_DATA_GLOBAL] = module;
});
