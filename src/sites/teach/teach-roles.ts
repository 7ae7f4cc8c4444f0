import type { RecipeRoles, RoleName } from '../../shared/recipe-format';
import { safeQuery, safeQueryAll, stableClasses, tokensOf } from './teach-selectors';

/**
 * Roles from a rule the agent's marks teach: where no class or attribute names the role (no
 * "agent", "customer" in the markup: Request Tracker's history), the agent marks a message from
 * the customer (the one picked first) and one from the team, and the rule is what tells those
 * two apart on every message: a class or data- attribute of one message and not the other, or a
 * named element inside one (a Staff badge) and not the other. Nothing inside a message's body
 * counts: a customer's mail client leaves classes there that say nothing about who wrote it.
 */

/** What marks `message` as its own, outside its body: its classes and data- values, and named elements in it. */
function marksOf(message: Element, body: string | null): string[] {
  const bodies = body ? safeQueryAll(message, body) : [];
  const own = [
    ...stableClasses(message).map((c) => `.${c}`),
    ...message
      .getAttributeNames()
      .filter((n) => n.startsWith('data-') && !/\d/.test(n))
      .map((n) => [n, message.getAttribute(n) ?? ''] as const)
      // A number names one record (Request Tracker's data-transaction-id="47"), never a kind of message.
      .filter(([, v]) => v.length > 0 && v.length <= 60 && !/\d|["\\\n]/.test(v))
      .map(([n, v]) => `[${n}="${v}"]`),
  ];
  const inside = safeQueryAll(message, '*')
    .filter((el) => !bodies.some((b) => b.contains(el)))
    // A bare tag names no kind of message; an id, or a value with a number in it (Request
    // Tracker's <a name="txn-47">), names one record.
    .flatMap((el) => tokensOf(el).filter((t) => t !== el.localName && !t.startsWith('#') && !/\d/.test(t)));
  return [...new Set([...own, ...inside])];
}

const has = (message: Element, selector: string): boolean => {
  try {
    return message.matches(selector) || safeQuery(message, selector) !== null;
  } catch {
    return false;
  }
};

/**
 * The rule that labels `agent` the team's and `customer` the customer's, and splits the thread
 * (some messages each way); null when nothing outside the bodies tells the two apart.
 */
export function roleRule(agent: Element, customer: Element, all: readonly Element[], body: string | null): RecipeRoles | null {
  const sides: [RoleName, Element, Element, RoleName][] = [
    ['agent', agent, customer, 'customer'],
    ['customer', customer, agent, 'agent'],
  ];
  for (const [role, mine, theirs, otherwise] of sides) {
    for (const selector of marksOf(mine, body)) {
      if (has(mine, selector) && !has(theirs, selector) && !all.every((m) => has(m, selector))) return { [role]: { selector }, otherwise };
    }
  }
  return null;
}
