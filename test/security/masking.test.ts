import { describe, expect } from 'vitest';
import { createMaskingModel, peopleOfTicket } from '../../src/core/pii';
import { numberChecks } from '../fakes/phone-metadata';
import { answer, calls, helpdesk, runTurn, ScriptedModel } from '../fakes/scripted-model';
import { attack, attackEach } from './attack';

/**
 * Finding 3, from the side of someone reading what the model provider received: a ticket whose
 * personal data is written in ordinary forms other than the helpdesk's own spelling. Nothing of it
 * may reach the model in any spelling; the draft the model writes with placeholders comes back
 * with each value exactly as the customer wrote it.
 */
interface Form {
  what: string;
  requester: string;
  /** The customer's message. */
  body: string;
  /** What must not reach the model, however it is spelt (case, accents, grouping). */
  secrets: string[];
  /** The model's draft, with placeholders. */
  draft: string;
  /** That draft as the agent sees it. */
  unmasked: string;
}

const NBSP = '\u00A0';
const FORMS: Form[] = [
  {
    what: 'a requester listed "Schmidt, Maria" who signs "Maria Schmidt"',
    requester: 'Schmidt, Maria',
    body: 'Guten Tag,\nich warte noch auf die Gutschrift.\nViele Grüße\nMaria Schmidt',
    secrets: ['Maria', 'Schmidt'],
    draft: 'Hallo [CUSTOMER_1_FIRST], danke. Grüße an [CUSTOMER_1].',
    unmasked: 'Hallo Maria, danke. Grüße an Maria Schmidt.',
  },
  {
    what: '"Dr. Jürgen Weiß" greeted as "Hallo Jürgen" and "Herr Weiss"',
    requester: 'Dr. Jürgen Weiß',
    body: 'Hallo Jürgen hier. Herr Weiss ist mein Vater, bitte nicht verwechseln. JÜRGEN WEISS',
    secrets: ['Jürgen', 'Weiß', 'Weiss', 'Juergen'],
    draft: 'Sehr geehrter [CUSTOMER_1],',
    unmasked: 'Sehr geehrter Dr. Jürgen Weiß,',
  },
  {
    what: 'a requester listed with titles without a dot ("Herr Dr Jürgen Weiß") greeted by first name',
    requester: 'Herr Dr Jürgen Weiß',
    body: 'Bitte rufen Sie an. Jürgen Weiß',
    secrets: ['Jürgen', 'Weiß'],
    draft: 'Hallo [CUSTOMER_1_FIRST], Herr [CUSTOMER_1_LAST]',
    unmasked: 'Hallo Jürgen, Herr Weiß',
  },
  {
    what: 'a name with decomposed accents (NFD) where the helpdesk stored it composed',
    requester: 'Jürgen Weiß',
    body: 'Gruß,\nJu\u0308rgen Wei\u00DF\nTomás Herrera-Ibáñez schreibt auch: To\u0301mas',
    secrets: ['Jürgen', 'Jurgen'],
    draft: 'Hallo [CUSTOMER_1_FIRST]',
    unmasked: 'Hallo Jürgen',
  },
  {
    what: 'an email address with non-ASCII letters',
    requester: 'Ana Núñez',
    body: 'Schreiben Sie mir an jürgen.weiß@exämple.de oder josé.núñez@correo.es.',
    secrets: ['jürgen.weiß@exämple.de', 'josé.núñez@correo.es', 'exämple', 'correo.es'],
    draft: 'Wir schreiben an [EMAIL_1].',
    unmasked: 'Wir schreiben an jürgen.weiß@exämple.de.',
  },
  {
    what: 'a lowercase IBAN',
    requester: 'Jonas Becker',
    body: 'Bitte auf mein Konto: iban de89 3704 0044 0532 0130 00, danke.',
    secrets: ['DE89370400440532013000'],
    draft: 'Wir überweisen auf [IBAN_1].',
    unmasked: 'Wir überweisen auf de89 3704 0044 0532 0130 00.',
  },
  {
    what: 'an IBAN and a card number grouped with dots',
    requester: 'Jonas Becker',
    body: 'IBAN DE89.3704.0044.0532.0130.00, Karte 4111.1111.1111.1111.',
    secrets: ['DE89370400440532013000', '4111111111111111'],
    draft: 'Konto [IBAN_1], Karte [CARD_1]',
    unmasked: 'Konto DE89.3704.0044.0532.0130.00, Karte 4111.1111.1111.1111',
  },
  {
    what: 'an IBAN, a card and a phone number grouped with no-break spaces',
    requester: 'Jonas Becker',
    body: `IBAN DE89${NBSP}3704${NBSP}0044${NBSP}0532${NBSP}0130${NBSP}00, Karte 4111\u202F1111\u202F1111\u202F1111, Tel. +49${NBSP}30${NBSP}12345678`,
    secrets: ['DE89370400440532013000', '4111111111111111', '493012345678'],
    draft: '[IBAN_1] / [CARD_1] / [PHONE_1]',
    unmasked: `DE89${NBSP}3704${NBSP}0044${NBSP}0532${NBSP}0130${NBSP}00 / 4111\u202F1111\u202F1111\u202F1111 / +49${NBSP}30${NBSP}12345678`,
  },
  {
    what: 'an IBAN and a name with zero-width characters inside',
    requester: 'Maria Schmidt',
    body: 'IBAN DE89\u200B3704\u200B0044\u200B0532\u200B0130\u200B00, Mar\u200Bia',
    secrets: ['DE89370400440532013000', 'Maria'],
    draft: '[IBAN_1]',
    unmasked: 'DE89\u200B3704\u200B0044\u200B0532\u200B0130\u200B00',
  },
  {
    what: 'a Spanish street and house number with its postcode, next to an order number',
    requester: 'Lucía Colón',
    body: 'Hola, about order #55812\nPlease send it to my new address: Calle de Colon 14, 46004 Valencia.\nGracias',
    secrets: ['Calle de Colon', 'Colon 14', '46004', 'Valencia'],
    draft: 'We will ship order #55812 to [ADDRESS_1], [ADDRESS_2].',
    unmasked: 'We will ship order #55812 to Calle de Colon 14, 46004 Valencia.',
  },
  {
    what: 'European and American street addresses',
    requester: 'Sam Doe',
    body: [
      '12 rue de la Paix, 75002 Paris',
      'Via dei Mille 5, 00185 Roma',
      'Karl-Marx-Str. 12a, D-10243 Berlin',
      'Keizersgracht 123, 1015 CJ Amsterdam',
      '1600 Pennsylvania Avenue NW, Washington, DC 20500',
    ].join('\n'),
    secrets: ['rue de la Paix', '75002', 'Via dei Mille', '00185', 'Karl-Marx', '10243', 'Keizersgracht', '1015 CJ', 'Pennsylvania', '20500'],
    draft: 'Shipping to [ADDRESS_1].',
    unmasked: 'Shipping to 12 rue de la Paix.',
  },
];

/** The text as a reader would search it: NFKC, lower case, without accents, invisible characters or separators. */
const searchable = (s: string): string =>
  s.normalize('NFKD').replace(/[\p{M}\p{Cf}]/gu, '').normalize('NFKC').toLowerCase().replace(/ß/g, 'ss').replace(/[\s.\-\u00A0]/g, '');

function ticketOf(form: Form) {
  return {
    number: '#2001',
    subject: 'Refund',
    requester: { name: form.requester, email: 'customer@example.org' },
    messages: [{ author: form.requester, role: 'customer', body: form.body }],
  };
}

describe('security: personal data in ordinary forms never reaches the model (finding 3)', () => {
  attackEach(
    FORMS,
    (f) => `${f.what} reaches the model in no spelling, and the draft gets it back as written`,
    async (form) => {
      const ticket = ticketOf(form);
      const desk = helpdesk({ ticket: { run: () => ({ ok: true, data: ticket }) } });
      const inner = new ScriptedModel([calls(['t1', 'ticket__read']), calls(['p1', 'reply__propose', { body: form.draft }]), answer('Done.')]);
      const model = createMaskingModel(inner, { people: peopleOfTicket(ticket), checks: numberChecks });
      const { result } = await runTurn({ model, registry: desk.registry, userText: `Draft a reply. The customer wrote: ${form.body}` });

      const wire = searchable(JSON.stringify(inner.requests.map((r) => r.messages)));
      for (const secret of form.secrets) expect(wire, `the model received "${secret}"`).not.toContain(searchable(secret));
      expect(result.drafts).toEqual([{ body: form.unmasked }]);
    },
  );

  attack('an address the model wrote back in another context is masked again in every later request', async () => {
    const ticket = ticketOf({ requester: 'Lucía Colón', body: 'Please send it to: Calle de Colon 14, 46004 Valencia.' } as Form);
    const desk = helpdesk({ ticket: { run: () => ({ ok: true, data: ticket }) } });
    const inner = new ScriptedModel([
      calls(['t1', 'ticket__read']),
      calls(['p1', 'reply__propose', { body: 'We ship to [ADDRESS_1], [ADDRESS_2] this week, in VALENCIA or not.' }]),
      answer('Done.'),
      answer('Sure.'),
    ]);
    const model = createMaskingModel(inner, { people: peopleOfTicket(ticket), checks: numberChecks });
    const first = await runTurn({ model, registry: desk.registry, userText: 'Draft a reply.' });
    expect(first.result.drafts).toEqual([{ body: 'We ship to Calle de Colon 14, 46004 Valencia this week, in VALENCIA or not.' }]);
    await runTurn({ model, registry: desk.registry, history: first.result.messages, userText: 'And when does 46004   valencia get it?' });
    // The draft, now in the history, and the agent's question hold the address out of its context.
    for (const request of inner.requests.slice(2)) {
      const wire = searchable(JSON.stringify(request.messages));
      for (const secret of ['Calle de Colon', '46004']) expect(wire).not.toContain(searchable(secret));
    }
  });

  attackEach(
    [
      { text: 'About order #55812\nThanks for your help', kept: '#55812\nThanks' },
      { text: 'order #55812 Please hurry', kept: '#55812 Please' },
      { text: 'Ticket 46004 Valencia was closed', kept: '46004 Valencia' },
      { text: 'Bestellung NW-21877 Ergo Task Chair, 149 €', kept: 'NW-21877 Ergo Task Chair' },
    ],
    (c) => `an order or ticket number (${JSON.stringify(c.text)}) is not taken for a postcode`,
    async ({ text, kept }) => {
      const inner = new ScriptedModel([answer('ok')]);
      const model = createMaskingModel(inner, { checks: numberChecks });
      await runTurn({ model, registry: helpdesk().registry, userText: text });
      const sent = inner.requests[0]!.messages.at(-1)!.content;
      expect(sent).toContain(kept);
      expect(sent).not.toMatch(/\[ADDRESS_\d+\]/);
    },
  );
});
