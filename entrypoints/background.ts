import { ADAPTER_INFOS } from '@/src/sites/catalog';
import { startHost } from '@/src/extension/host';

export default defineBackground(() => startHost(ADAPTER_INFOS));
