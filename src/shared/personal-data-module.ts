import type { createMaskingModel, detectPersonalData, NumberChecks, PhoneMetadata, peopleOfTicket } from '../core/pii';
import type { reviewContacts } from './contact-review';

/**
 * What the personal data script (entrypoints/personal-data.ts) leaves on the global object when
 * it runs: the masking and the confirm card's contact review, with the phone number and IBAN
 * checks (libphonenumber, ibantools) they need, and the detection that keeps personal data out of
 * the log's error details. Most of the background's weight that only some turns use, so the
 * background loads it when first needed (src/background/model/personal-data.ts).
 */
export interface PersonalData {
  createNumberChecks(metadata: PhoneMetadata): NumberChecks;
  createMaskingModel: typeof createMaskingModel;
  peopleOfTicket: typeof peopleOfTicket;
  reviewContacts: typeof reviewContacts;
  /** Personal data in a text without the number plans: what an error's detail in the log leaves out. */
  detectPersonalData: typeof detectPersonalData;
}

export const PERSONAL_DATA_GLOBAL = 'deskmatePersonalData';
