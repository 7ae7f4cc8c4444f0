import { describe, expect, it } from 'vitest';
import { fillTemplate, unknownVariables, variableValues } from '../../src/shared/saved-replies';

const TICKET = { number: '#1041', subject: 'Charged twice', requester: { name: 'Maria  Lindqvist', email: 'maria@example.com' } };

describe('saved replies: templates', () => {
  it('fills every known variable from the ticket and the agent name', () => {
    const values = variableValues(TICKET, 'Sam Rivera');
    const filled = fillTemplate('Hi {{customer.first_name}} ({{ customer.last_name }}, {{customer.email}}), about {{ticket.number}} "{{ticket.subject}}". {{agent.name}} / {{agent.first_name}}', values);
    expect(filled).toEqual({ ok: true, text: 'Hi Maria (Lindqvist, maria@example.com), about #1041 "Charged twice". Sam Rivera / Sam' });
  });

  it('reports unknown variables instead of leaving braces', () => {
    expect(unknownVariables('Hi {{customer.nickname}} {{customer.first_name}} {{ order.id }} {{customer.nickname}}')).toEqual(['customer.nickname', 'order.id']);
    expect(fillTemplate('Hi {{customer.nickname}}', variableValues(TICKET, 'Sam'))).toEqual({ ok: false, unknown: ['customer.nickname'], missing: [] });
  });

  it('reports a variable the ticket has no value for', () => {
    const values = variableValues({ number: '#7', subject: 's', requester: { name: 'Cher', email: null } }, '');
    expect(fillTemplate('{{customer.first_name}} {{customer.last_name}} {{customer.email}} {{agent.name}}', values)).toEqual({
      ok: false,
      unknown: [],
      missing: ['customer.last_name', 'customer.email', 'agent.name'],
    });
  });

  it('leaves text without variables, and single braces, as they are', () => {
    expect(fillTemplate('Use {code} or {{}} as shown.', variableValues(null, ''))).toEqual({ ok: false, unknown: [''], missing: [] });
    expect(fillTemplate('Use {code} as shown.', variableValues(null, ''))).toEqual({ ok: true, text: 'Use {code} as shown.' });
  });
});
