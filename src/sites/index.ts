import type { Adapter } from './adapter';
import demoHelpdesk from './demo-helpdesk';
import freescout from './freescout';
import generic from './generic';
import osticket from './osticket';

/**
 * Every site adapter, most specific first: the first whose detect() matches wins. The generic
 * adapter matches any web page, so it is last.
 */
export const ADAPTERS: readonly Adapter[] = [demoHelpdesk, osticket, freescout, generic];
