import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Adapter, TicketData } from '../../../src/sites/adapter';
import demo from '../../../src/sites/adapters/demo-helpdesk';
import freescout from '../../../src/sites/adapters/freescout';
import osticket from '../../../src/sites/adapters/osticket';
import { adapterFromRecipe } from '../../../src/sites/recipes/recipe';
import type { Recipe } from '../../../src/shared/recipe-check';
import { FIXTURE_ORIGIN, loadFixture } from '../load-fixture';

/**
 * The format is general: the three code adapters' helpdesks re-expressed as recipes
 * (docs/recipes/) read the same tickets from the same saved pages. What a recipe leaves out
 * (osTicket's events between entries, FreeScout's line items) the code adapters give as
 * 'system' entries; the comparison is of the thread's messages.
 */
const recipe = (name: string): Recipe => ({
  ...(JSON.parse(readFileSync(new URL(`../../../${name === 'demo-helpdesk' ? 'src/sites/adapters' : 'docs/recipes'}/${name}.json`, import.meta.url), 'utf8')) as Recipe),
  site: FIXTURE_ORIGIN,
});

type Message = Pick<TicketData['messages'][number], 'author' | 'role' | 'body'>;
/** What the code adapter does that a recipe cannot say, applied to its result before comparing. */
type Known = (m: Message) => Message;
const same: Known = (m) => m;
/** osTicket: the code puts a note's title line before its text. */
const noNoteTitle: Known = (m) => (m.role === 'internal' ? { ...m, body: m.body.split('\n').slice(1).join('\n').trim() } : m);
/** FreeScout: the code names the signed-in agent (shown as "you") from the navigation bar. */
const youUnnamed: Known = (m) => ({ ...m, author: m.author.replace(/^.* \(you\)$/, 'you') });

const cases: [name: string, code: Adapter, site: string, file: string, path: string, known: Known][] = [
  ['demo-helpdesk', demo, 'demo-helpdesk', 'ticket.html', '/tickets/1', same],
  ['osticket', osticket, 'osticket', 'ticket.html', '/support/scp/tickets.php?id=5', noNoteTitle],
  ['freescout', freescout, 'freescout', 'conversation.html', '/conversation/42?folder_id=3', youUnnamed],
];

/** The status is the page's words in a recipe, a code's value in an adapter: not compared. */
const messagesOnly = ({ status: _status, ...t }: TicketData, known: Known = same) => ({
  ...t,
  messages: t.messages.filter((m) => m.role !== 'system').map(({ author, role, body }) => known({ author, role, body })),
});

describe('the code adapters’ helpdesks as recipes', () => {
  for (const [name, code, site, file, path, known] of cases) {
    it(`${name}: the recipe finds the same ticket and reads the same thread as the code adapter`, async () => {
      const page = loadFixture(site, file, path);
      const fromRecipe = adapterFromRecipe(recipe(name));
      expect(fromRecipe.detect(page.url, page.document)).toBe(true);
      expect(fromRecipe.ticket(page.url, page.document)).toEqual(code.ticket(page.url, page.document));
      const a = await code.tools['ticket.read']!({}, page.document, page.location);
      const b = await fromRecipe.tools['ticket.read']!({}, page.document, page.location);
      expect(a.ok && b.ok).toBe(true);
      expect(messagesOnly((b as { data: TicketData }).data)).toEqual(messagesOnly((a as { data: TicketData }).data, known));
      await page.window.happyDOM.close();
    });
  }
});
