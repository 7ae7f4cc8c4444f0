/**
 * The UI's one door to translated text: components take their words from here, and the
 * English messages live in public/_locales/en/messages.json (keys: snake_case).
 */
export { t, localizeDocument } from './client';
