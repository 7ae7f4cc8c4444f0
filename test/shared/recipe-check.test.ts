import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkRecipe, recipeTools, type Recipe } from '../../src/shared/recipe-check';
import { PAGE_TOOLS } from '../../src/shared/page-tools';

const fixture = (name: string): Recipe => {
  const r = JSON.parse(readFileSync(new URL(`../fixtures/recipes/${name}.json`, import.meta.url), 'utf8')) as Recipe & { $schema?: string };
  return r;
};
const valid = (): Recipe => structuredClone(fixture('fixture-iframe'));
const errorOf = (value: unknown, selectors?: (s: string) => boolean) => {
  const r = checkRecipe(value, selectors);
  return r.ok ? null : r.error;
};

describe('the recipe format', () => {
  it('takes the fixture recipes and the shipped examples', () => {
    for (const name of ['fixture-iframe', 'fixture-inline', 'fixture-spa', 'fixture-reload', 'fixture-next', 'fixture-midpost']) expect(checkRecipe(fixture(name))).toMatchObject({ ok: true });
    for (const name of ['demo-helpdesk', 'osticket', 'freescout']) {
      const recipe = JSON.parse(readFileSync(new URL(`../../${name === 'demo-helpdesk' ? 'src/sites/adapters' : 'docs/recipes'}/${name}.json`, import.meta.url), 'utf8'));
      expect([name, checkRecipe(recipe)]).toMatchObject([name, { ok: true }]);
    }
  });

  it('reads a recipe as JSON carries it: an undefined property is left out, data JSON cannot carry is refused in words', () => {
    // Firefox's messages carry a structured clone, which keeps a property set to undefined.
    const withUndefined = { ...valid(), note: undefined, reply: { ...valid().reply, status: undefined } };
    const taken = checkRecipe(withUndefined);
    expect(taken).toMatchObject({ ok: true });
    expect(taken.ok && Object.keys(taken.recipe)).not.toContain('note');
    const cycle: Record<string, unknown> = { ...valid() };
    cycle.self = cycle;
    expect(errorOf(cycle)).toBe('recipe: not JSON data (it holds a cycle, a BigInt or a function).');
    expect(errorOf({ ...valid(), version: 1n })).toMatch(/^recipe: not JSON data/);
    expect(errorOf(undefined)).toMatch(/^recipe: not JSON data/);
  });

  it('names the field that is wrong', () => {
    const r = valid();
    (r.reply as { editorKind: string }).editorKind = 'tinymce';
    expect(errorOf(r)).toMatch(/^recipe\.reply\.editorKind: /);
    const s = valid();
    delete (s.read as Partial<Recipe['read']>).messages;
    expect(errorOf(s)).toMatch(/recipe\.read.*messages/);
    expect(errorOf({ ...valid(), version: 2 })).toMatch(/^recipe\.version: /);
  });

  it('refuses a site that is not an origin, a path without a key group, and a selector that does not parse', () => {
    expect(errorOf({ ...valid(), site: 'http://127.0.0.1:9/desk' })).toMatch(/^recipe\.site: /);
    expect(errorOf({ ...valid(), ticket: { path: '^/tickets/\\d+$' } })).toMatch(/^recipe\.ticket\.path: needs a group/);
    expect(errorOf({ ...valid(), ticket: { path: '^/tickets/(\\d+$' } })).toMatch(/^recipe\.ticket\.path: not a regular expression/);
    const bad = valid();
    bad.reply!.submit = 'button[';
    expect(errorOf(bad, (s) => !s.endsWith('['))).toBe('recipe.reply.submit: "button[" is not a CSS selector.');
  });

  it('carries no script: an unknown field (a handler, a function body) is refused', () => {
    expect(errorOf({ ...valid(), onSend: 'fetch("https://evil.example")' })).toMatch(/^recipe: /);
    expect(errorOf({ ...valid(), reply: { ...valid().reply, script: 'alert(1)' } })).toMatch(/^recipe\.reply: /);
  });
});

describe('a recipe cannot grade a tool', () => {
  it('refuses grades, side effects and tool lists wherever they are put', () => {
    expect(errorOf({ ...valid(), tools: { 'reply.send': { sideEffect: 'read' } } })).not.toBeNull();
    expect(errorOf({ ...valid(), sideEffect: 'read' })).not.toBeNull();
    expect(errorOf({ ...valid(), reply: { ...valid().reply, sideEffect: 'read', featureFlag: null } })).not.toBeNull();
  });

  it('yields only catalogue tools, whose grades come from the extension', () => {
    expect(recipeTools(valid()).map((n) => [n, PAGE_TOOLS[n].sideEffect])).toEqual([
      ['ticket.read', 'read'],
      ['reply.fill', 'write'],
      ['reply.send', 'send'],
    ]);
    const { reply: _reply, ...readOnly } = valid();
    expect(recipeTools(readOnly as Recipe)).toEqual(['ticket.read']);
  });
});
