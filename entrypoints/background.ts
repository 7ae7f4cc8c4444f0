import { ADAPTERS } from '@/src/sites';
import { startHost } from '@/src/extension/host';

export default defineBackground(() => startHost(ADAPTERS));
