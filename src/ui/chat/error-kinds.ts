/** Errors about the model's settings: fixed once the model answers again. */
export const SETUP_ERRORS = new Set(['auth', 'not_found', 'unreachable', 'permission', 'not_openai']);
