import { describe, expect, it } from 'vitest';
import { numberChecks } from '../../fakes/phone-metadata';
import { createMaskingModel, peopleOfTicket } from '../../../src/core/pii';
import { answer, calls, finish, fragment, helpdesk, runTurn, ScriptedModel, text } from '../../fakes/scripted-model';

const TICKET = {
  number: '#1049',
  subject: 'Refund to my account',
  requester: { name: 'Jonas Becker', email: 'jonas.becker@example.de' },
  messages: [
    { author: 'Jonas Becker', role: 'customer', body: 'Please refund to DE89 3704 0044 0532 0130 00, call me on 0171 2345678. Jonas' },
    { author: 'Sam Rivera', role: 'agent', body: 'Hi Jonas, we are on it. Sam' },
  ],
};
const SECRETS = ['Jonas', 'Becker', 'jonas.becker@example.de', 'DE89 3704 0044 0532 0130 00', '0171 2345678', 'Sam', 'Rivera'];

function setup(script: ConstructorParameters<typeof ScriptedModel>[0], knownUpFront = true) {
  const desk = helpdesk({ ticket: { run: () => ({ ok: true, data: TICKET }) } });
  const inner = new ScriptedModel(script);
  const sent: string[] = [];
  const people = knownUpFront ? peopleOfTicket(TICKET) : [];
  const model = createMaskingModel(inner, { people, checks: numberChecks, onRequest: (r) => sent.push(JSON.stringify(r.messages)) });
  return { ...desk, inner, model, sent };
}

describe('createMaskingModel', () => {
  it('sends the model no name, email, phone number or IBAN of the ticket, in any message', async () => {
    const { registry, inner, model } = setup([
      calls(['t1', 'ticket__read']),
      calls(['p1', 'reply__propose', { body: 'Hi [CUSTOMER_1_FIRST], we refund [IBAN_1].' }]),
      answer('Done, [CUSTOMER_1] will hear from us.'),
    ]);
    const history = [{ role: 'user' as const, content: 'Earlier: Jonas Becker called from 0171 2345678' }];
    await runTurn({ model, registry, history, userText: 'Draft a reply to Jonas (jonas.becker@example.de)', system: 'Sign as Sam Rivera.' });
    const wire = JSON.stringify(inner.requests.map((r) => r.messages));
    for (const secret of SECRETS) expect(wire).not.toContain(secret);
    expect(wire).toContain('[CUSTOMER_1]');
    expect(wire).toContain('[IBAN_1]');
  });

  it('masks names from the first ticket.read on, when they were not known up front', async () => {
    const { registry, inner, model } = setup([calls(['t1', 'ticket__read']), answer('ok')], false);
    await runTurn({ model, registry, userText: 'Draft a reply to Jonas', system: 'Sign as Sam Rivera.' });
    expect(inner.requests[0]?.messages.at(-1)?.content).toBe('Draft a reply to Jonas');
    const second = JSON.stringify(inner.requests[1]?.messages);
    for (const secret of SECRETS) expect(second).not.toContain(secret);
  });

  it('hands onRequest exactly the masked messages the model gets', async () => {
    const { registry, inner, model, sent } = setup([calls(['t1', 'ticket__read']), answer('ok')]);
    await runTurn({ model, registry, userText: 'read' });
    expect(sent).toEqual(inner.requests.map((r) => JSON.stringify(r.messages)));
  });

  it('gives the loop, the draft and the history the real values back', async () => {
    const { registry, model, tools } = setup([
      calls(['t1', 'ticket__read']),
      calls(['p1', 'reply__propose', { body: 'Hi [CUSTOMER_1_FIRST], we refund [IBAN_1].' }]),
      answer('Done, [CUSTOMER_1] will hear from us.'),
    ]);
    const { result, ofType } = await runTurn({ model, registry, userText: 'draft' });
    expect(result.drafts).toEqual([{ body: 'Hi Jonas, we refund DE89 3704 0044 0532 0130 00.' }]);
    expect(tools.propose.runs[0]?.input).toEqual({ body: 'Hi Jonas, we refund DE89 3704 0044 0532 0130 00.' });
    expect(ofType('assistant_message').at(-1)?.message.content).toBe('Done, Jonas Becker will hear from us.');
    expect(JSON.stringify(result.messages)).not.toContain('[CUSTOMER_1');
  });

  it('keeps placeholders stable across requests of one conversation', async () => {
    const { registry, inner, model } = setup([calls(['t1', 'ticket__read']), answer('ok'), answer('ok again')]);
    const first = await runTurn({ model, registry, userText: 'read it' });
    await runTurn({ model, registry, history: first.result.messages, userText: 'mail jonas.becker@example.de or a@example.com' });
    const [, second, third] = inner.requests;
    expect(JSON.stringify(second?.messages)).toContain('"name\\":\\"[CUSTOMER_1]\\",\\"email\\":\\"[EMAIL_1]\\"');
    expect(third?.messages.at(-1)?.content).toBe('mail [EMAIL_1] or [EMAIL_2]');
  });

  it('unmasks a placeholder split across streamed deltas and tool-call fragments', async () => {
    const { registry, model } = setup([
      calls(['t1', 'ticket__read']),
      [
        fragment(0, { id: 'p1', name: 'reply__propose', arguments: '{"body":"Hi [CUST' }),
        fragment(0, { arguments: 'OMER_1_FI' }),
        fragment(0, { arguments: 'RST], bye"}' }),
        finish('tool_calls'),
      ],
      [text('Thanks [CUS'), text('TOMER_1'), text('] and [EMAIL_'), text('1]!'), finish('stop')],
    ]);
    const { result, ofType } = await runTurn({ model, registry, userText: 'draft' });
    expect(result.drafts).toEqual([{ body: 'Hi Jonas, bye' }]);
    expect(ofType('text_delta').map((e) => e.delta).join('')).toBe('Thanks Jonas Becker and jonas.becker@example.de!');
  });

  it('writes real values that need escaping into tool arguments as valid JSON', async () => {
    const desk = helpdesk({ ticket: { run: () => ({ ok: true, data: { requester: { name: 'Ann "The Boss" O\'Neil' }, messages: [] } }) } });
    const model = createMaskingModel(new ScriptedModel([calls(['t1', 'ticket__read']), calls(['p1', 'reply__propose', '{"body":"Dear [CUSTOMER_1]"}']), answer('ok')]), { checks: numberChecks });
    const { result } = await runTurn({ model, registry: desk.registry, userText: 'draft' });
    expect(result.drafts).toEqual([{ body: 'Dear Ann "The Boss" O\'Neil' }]);
  });
});
