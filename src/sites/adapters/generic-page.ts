import type { AdapterPage } from '../adapter';

/** What every page load needs: any web page (the generic adapter is listed last), which shows no ticket. */
export const genericPage: AdapterPage = {
  id: 'generic',
  detect: (url) => url.protocol === 'http:' || url.protocol === 'https:',
  ticket: () => null,
};
