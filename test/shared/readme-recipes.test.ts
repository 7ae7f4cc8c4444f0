import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkRecipe } from '../../src/shared/recipe-check';

/** The README's recipe examples (one per shape that works everywhere, and the one with every field) are recipes the import takes. */
const README = readFileSync('README.md', 'utf8');
const section = README.slice(README.indexOf('### The recipe format'), README.indexOf('## Languages'));
const examples = [...section.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1]!) as unknown);

describe("the README's recipe examples", () => {
  it('are three, the two shapes first, and each passes the import check', () => {
    expect(examples).toHaveLength(3);
    for (const example of examples) expect(checkRecipe(example)).toMatchObject({ ok: true });
    const [onPage, ownPage] = examples as { reply: { page?: string; afterPost: string } }[];
    expect(onPage!.reply.page).toBeUndefined();
    expect(ownPage!.reply).toMatchObject({ page: '/tickets/{key}/reply', afterPost: 'reload' });
  });
});
