import { ADAPTER_PAGES } from '@/src/sites/pages';
import { startContentScript } from '@/src/content/content';

export default defineContentScript({
  // Self-hosted helpdesks on a local port are a real case; adapters' own hosts join here.
  matches: ['http://localhost/*', 'http://127.0.0.1/*'],
  runAt: 'document_idle',
  main: (ctx) => startContentScript(ADAPTER_PAGES, ctx),
});
