import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDemoHelpdesk, type DemoHelpdesk } from '../e2e/harness/deskmate';
import { ROOT } from '../e2e/harness/paths';

/**
 * Finding 3 in a real browser: the demo helpdesk with one more ticket, #1050, whose personal data
 * is written in the ordinary forms that reached the model before — a requester listed "Schmidt,
 * Maria" who signs "Maria Schmidt", an agent "Dr. Jürgen Weiß" greeted "Hallo Jürgen" (once with
 * decomposed accents), an email address with non-ASCII letters, a lowercase IBAN, an IBAN and a
 * card number grouped with dots, a phone number with no-break spaces, and a Spanish street with
 * its postcode next to an order number.
 */
export const FORMS_TICKET = { id: 10, label: '#1050' } as const;

const NBSP = '\u00A0';
const MESSAGES = [
  {
    id: 901,
    author: 'Dr. Jürgen Weiß',
    email: 'juergen.weiss@northwind-supply.example',
    role: 'agent',
    at: '2025-03-19T08:10:00Z',
    body: '<p>Guten Tag Frau Schmidt,</p><p>wohin dürfen wir die Erstattung überweisen?</p><p>Dr. Jürgen Weiß</p>',
  },
  {
    id: 902,
    author: 'Schmidt, Maria',
    email: 'maria.schmidt@example.de',
    role: 'customer',
    at: '2025-03-19T09:30:00Z',
    body: [
      '<p>Hallo Ju\u0308rgen,</p>',
      '<p>about order #55812: please refund to iban de89 3704 0044 0532 0130 00 (or GB82.WEST.1234.5698.7654.32). ',
      'I paid with card 4111.1111.1111.1111.</p>',
      `<p>Call me at +49${NBSP}30${NBSP}12345678 or write to maría.schmidt@müller-bau.de.</p>`,
      '<p>My new address: Calle de Colon 14, 46004 Valencia.</p>',
      '<p>Danke, Jürgen! Viele Grüße<br>Maria Schmidt</p>',
    ].join(''),
  },
];

/** What must reach the model in no spelling (compared with `searchable`). */
export const FORMS_SECRETS = [
  'Maria',
  'Schmidt',
  'Jürgen',
  'Weiß',
  'maria.schmidt@example.de',
  'müller-bau',
  'DE89370400440532013000',
  'GB82WEST12345698765432',
  '4111111111111111',
  '493012345678',
  'Calle de Colon',
  '46004',
  'Valencia',
];

/** The text as a reader would search it: NFKC, lower case, without accents, invisible characters or separators. */
export const searchable = (s: string): string =>
  s.normalize('NFKD').replace(/[\p{M}\p{Cf}]/gu, '').normalize('NFKC').toLowerCase().replace(/ß/g, 'ss').replace(/[\s.\-\u00A0]/g, '');

/** The secrets found in `wire` in any spelling. */
export const leakedIn = (wire: string): string[] => {
  const text = searchable(wire);
  return FORMS_SECRETS.filter((secret) => text.includes(searchable(secret)));
};

/** The demo helpdesk with ticket #1050 added to its own tickets. */
export async function startFormsHelpdesk(): Promise<DemoHelpdesk> {
  const seed = JSON.parse(await readFile(join(ROOT, 'demo/helpdesk/tickets.json'), 'utf8')) as { tickets: unknown[] };
  seed.tickets.push({
    id: FORMS_TICKET.id,
    number: 1050,
    subject: 'Erstattung für order #55812',
    status: 'open',
    priority: 'normal',
    requester: { name: 'Schmidt, Maria', email: 'maria.schmidt@example.de' },
    assignee: 'Sam Rivera',
    tags: ['billing'],
    messages: MESSAGES,
  });
  const dir = await mkdtemp(join(tmpdir(), 'deskmate-forms-'));
  const seedFile = join(dir, 'tickets.json');
  await writeFile(seedFile, JSON.stringify(seed));
  const helpdesk = await startDemoHelpdesk({ seedFile });
  return {
    ...helpdesk,
    close: async () => {
      await helpdesk.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
