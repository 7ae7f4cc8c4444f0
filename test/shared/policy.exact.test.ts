import { describe, expect, it } from 'vitest';
import { parsePolicy, policyView } from '../../src/shared/policy';
import { modelChangeRefusal } from '../../src/shared/policy-merge';
import type { ModelSettings } from '../../src/shared/settings';

/**
 * What the options page and Diagnostics show an admin is the policy as read, word for word: a
 * setting the policy does not hold must read as not set, and each refusal must say why.
 */
const own: ModelSettings = { preset: 'openai', baseURL: 'https://api.openai.com/v1', apiKey: 'sk-own', model: 'gpt-4o-mini' };

const NOTHING_SET = {
  managed: false,
  model: null,
  lockModel: false,
  allowedSites: null,
  readOnlySites: [],
  sendDisabled: false,
  requireMasking: false,
  teamInstructions: false,
  recipes: [],
  knowledgeBaseUrl: null,
  secrets: [],
  problems: [],
  unreadable: null,
};

describe('the policy, exactly as read', () => {
  it('sets nothing, names no problem and lists no site when managed storage holds nothing', () => {
    for (const managed of [undefined, null, {}]) expect([managed, policyView(parsePolicy(managed))]).toEqual([managed, NOTHING_SET]);
  });

  it('sets only what it holds: a policy that switches sending off leaves every other setting as the agent chose', () => {
    expect(policyView(parsePolicy({ sendDisabled: true }))).toEqual({ ...NOTHING_SET, managed: true, sendDisabled: true });
    expect(policyView(parsePolicy({ requireMasking: true }))).toEqual({ ...NOTHING_SET, managed: true, requireMasking: true });
  });

  it('says what it cannot read: not an object, or no setting it knows (naming five of them)', () => {
    expect(parsePolicy('yes').unreadable).toBe('it is not an object');
    expect(parsePolicy(['sendDisabled']).unreadable).toBe('it is not an object');
    expect(parsePolicy({ a: 1, b: 2, c: 3, d: 4, e: 5, f: 6 }).unreadable).toBe('none of its settings is one Deskmate knows: a, b, c, d, e');
  });

  it('takes a model endpoint only at an http(s) address and with a name, without the spaces around the name', () => {
    expect(parsePolicy({ model: { baseURL: 'https://llm.team.example/v1', model: '  team-model ' } }).model).toEqual({ baseURL: 'https://llm.team.example/v1', model: 'team-model' });
    for (const model of [{ baseURL: 'ftp://llm.team.example/v1', model: 'team-model' }, { baseURL: 'https://llm.team.example/v1', model: '   ' }]) {
      const p = parsePolicy({ model, sendDisabled: true });
      expect([model, p.model, p.problems]).toEqual([model, null, ['model: expected { baseURL (http or https), model }']]);
    }
  });

  it('takes recipes only as a list of texts, and sites only as addresses', () => {
    const recipes = parsePolicy({ recipes: ['{"format":"deskmate-recipe"}', 42] });
    expect([recipes.recipes, recipes.problems]).toEqual([[], ['recipes: expected a list of recipe JSON texts']]);
    const sites = parsePolicy({ allowedSites: [['https://desk.example.com'], 'https://help.example.com/'] });
    expect(sites.allowedSites).toEqual(['https://help.example.com']);
    expect(sites.problems).toEqual(['allowedSites: ["https://desk.example.com"] is not an http(s) site']);
  });

  it('lets the agent save any model settings with masking on while masking is required', () => {
    const required = parsePolicy({ requireMasking: true });
    expect(modelChangeRefusal({ ...own, maskPersonalData: true }, required)).toBeNull();
    expect(modelChangeRefusal({ ...own, model: 'gpt-4o', maskPersonalData: true }, required)).toBeNull();
    expect(modelChangeRefusal({ ...own, maskPersonalData: false }, parsePolicy({ sendDisabled: true }))).toBeNull();
  });
});
