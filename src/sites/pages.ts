import type { AdapterPage } from './adapter';
import { demoHelpdeskPage } from './adapters/demo-helpdesk-page';
import { freescoutPage } from './adapters/freescout-page';
import { freshdeskPage } from './adapters/freshdesk-page';
import { genericPage } from './adapters/generic-page';
import { helpscoutPage } from './adapters/helpscout-page';
import { osticketPage } from './adapters/osticket-page';
import { zammadPage } from './adapters/zammad-page';
import { zendeskPage } from './adapters/zendesk-page';

/**
 * What every page of an enabled site parses at load: each adapter's detection, in the order of
 * ADAPTERS (src/sites/index.ts; a test holds the two together). The adapters' tools, with the
 * recipe engine and the past-ticket search, are the content script's tools part
 * (entrypoints/page-tools.ts), which loads the first time a tool runs in the tab.
 */
export const ADAPTER_PAGES: readonly AdapterPage[] = [demoHelpdeskPage, osticketPage, freescoutPage, zammadPage, zendeskPage, freshdeskPage, helpscoutPage, genericPage];
