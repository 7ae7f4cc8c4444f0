// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeAll, describe, expect, vi } from 'vitest';
import type { McpActionProposal } from '../../src/shared/mcp';
import { ActionCard } from '../../src/ui/chat/ActionCard';
import { installI18n } from '../fakes/i18n';
import { attackEach } from './attack';

vi.mock('../../src/ui/client', async (original) => ({ ...(await original<object>()), request: vi.fn(async () => []) }));
vi.mock('../../src/ui/hooks/useBoundTab', () => ({ useBoundTab: () => 1 }));
vi.mock('../../src/ui/hooks/useView', () => ({ useView: () => ({ view: null }) }));

/**
 * An MCP action card, from the attacker's side: the model (steered by a ticket or by a server's
 * answer) writes the proposal's summary and arguments, and the agent checks them before Review…
 * and Confirm. Characters that reorder or hide text must not make an argument read as something
 * else (a refund's reason that flips the capture id after it, an amount with an invisible digit
 * break): each shows as a marked code point, as on the reply's confirm card.
 */
const CASES = [
  { what: 'a right-to-left override in a value', args: { capture: 'cap_7Q2KX94', amount: '1\u202E00.941' }, code: 'U+202E' },
  { what: 'a zero-width space in a value', args: { capture: 'cap_7Q2\u200BKX94' }, code: 'U+200B' },
  { what: 'a bidi isolate in an argument name', args: { ['amount\u2067']: 5 }, code: 'U+2067' },
  { what: 'a hidden character in the summary', args: { capture: 'cap_7Q2KX94' }, summary: 'Refund \u202E00.1€ on NW-20931', code: 'U+202E' },
];

let root: HTMLElement;
beforeAll(() => installI18n());
afterEach(() => {
  render(null, root);
  root.remove();
});

describe("an MCP action card shows exactly which call it makes (attacker side)", () => {
  attackEach(
    CASES,
    (c) => `${c.what} shows as a marked code point, never acting on the text around it`,
    (c) => {
      root = document.createElement('div');
      document.body.append(root);
      const proposal: McpActionProposal = { tool: 'payments.refund', arguments: c.args, summary: c.summary ?? 'Refund the duplicate charge' };
      act(() => render(<ActionCard proposal={proposal} callId="call_1" />, root));
      const card = root.querySelector('[data-testid="action-card"]')!;
      expect([...card.querySelectorAll('[data-testid="hidden-char"]')].map((m) => m.textContent)).toContain(`⟦${c.code}⟧`);
      expect(card.textContent).not.toMatch(/[\u200B\u202E\u2067]/);
    },
  );
});
