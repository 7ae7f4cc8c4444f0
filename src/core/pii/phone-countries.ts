import type { CountryCode } from 'libphonenumber-js/core';

/**
 * Countries whose national phone formats count when the agent chose none. A file of its own: the
 * background needs the list at every start, and detect.ts's patterns (built when their module is
 * first evaluated) belong to the personal data script.
 */
export const DEFAULT_PHONE_COUNTRIES: readonly CountryCode[] = ['US', 'GB', 'DE', 'FR', 'NL', 'ES', 'IT'];
