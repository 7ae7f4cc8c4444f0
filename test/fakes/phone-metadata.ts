import metadata from 'libphonenumber-js/metadata.min.json';
import type { PhoneMetadata } from '../../src/core/pii';
import { createNumberChecks } from '../../src/core/pii/number-plans';

/** The number plans the extension packages (wxt.config.ts), as the background loads them. */
export const phoneMetadata = metadata as PhoneMetadata;

/** The phone number and IBAN checks over those plans, as the number plans script builds them. */
export const numberChecks = createNumberChecks(phoneMetadata);
