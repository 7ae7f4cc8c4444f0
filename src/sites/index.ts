import type { Adapter } from './adapter';
import demoHelpdesk from './adapters/demo-helpdesk';
import freescout from './adapters/freescout';
import freshdesk from './adapters/freshdesk';
import generic from './adapters/generic';
import helpscout from './adapters/helpscout';
import osticket from './adapters/osticket';
import zammad from './adapters/zammad';
import zendesk from './adapters/zendesk';

/**
 * Every site adapter, most specific first: the first whose detect() matches wins. The generic
 * adapter matches any web page, so it is last.
 */
export const ADAPTERS: readonly Adapter[] = [demoHelpdesk, osticket, freescout, zammad, zendesk, freshdesk, helpscout, generic];
