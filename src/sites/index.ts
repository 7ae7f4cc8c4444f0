import type { Adapter } from './adapter';
import demoHelpdesk from './demo-helpdesk';

/** Every site adapter, most specific first: the first whose detect() matches wins. */
export const ADAPTERS: readonly Adapter[] = [demoHelpdesk];
