import type { Adapter } from './adapter';
import demoHelpdesk from './demo-helpdesk';
import freescout from './freescout';
import freshdesk from './freshdesk';
import generic from './generic';
import helpscout from './helpscout';
import osticket from './osticket';
import zammad from './zammad';
import zendesk from './zendesk';

/**
 * Every site adapter, most specific first: the first whose detect() matches wins. The generic
 * adapter matches any web page, so it is last.
 */
export const ADAPTERS: readonly Adapter[] = [demoHelpdesk, osticket, freescout, zammad, zendesk, freshdesk, helpscout, generic];
