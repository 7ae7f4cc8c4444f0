export { detectPersonalData, luhnValid, type DetectOptions, type DetectedKind, type Found, type NumberChecks, type PhoneMetadata } from './detect';
export { DEFAULT_PHONE_COUNTRIES } from './phone-countries';
export { createMasker, PLACEHOLDER, type Masker, type Person } from './masker';
export { createMaskingModel, maskMessage, type MaskingOptions } from './masking-model';
export { peopleOfTicket, peopleInMessages, parseFenced } from './people';
export { createStreamUnmasker } from './stream-unmask';
