import { ADAPTER_INFOS } from '@/src/sites/catalog';
import { startHost } from '@/src/background/host';

export default defineBackground(() => startHost(ADAPTER_INFOS));
