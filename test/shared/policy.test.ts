import { describe, expect, it } from 'vitest';
import { NO_POLICY, parsePolicy, policyView, type Policy } from '../../src/shared/policy';
import { modelChangeRefusal, modelUnderPolicy, runsUnderPolicy, shownModel, siteAllowedByPolicy, siteUnderPolicy, storableModel, teamInstructionsUnderPolicy, withPolicyKey } from '../../src/shared/policy-merge';
import type { ModelSettings } from '../../src/shared/settings';

const own: ModelSettings = { preset: 'openai', baseURL: 'https://api.openai.com/v1', apiKey: 'sk-own', model: 'gpt-4o-mini' };
const TEAM = 'https://llm.team.example/v1';
const policy = (p: Partial<Policy>): Policy => ({ ...NO_POLICY, ...p });

describe('the policy as read from managed storage', () => {
  it('reads every key of a whole policy', () => {
    const p = parsePolicy({
      model: { baseURL: TEAM, model: 'team-model', apiKey: 'sk-team' },
      lockModel: true,
      allowedSites: ['https://desk.example.com/', 'https://desk.example.com', 'http://127.0.0.1:4517/x'],
      readOnlySites: ['https://archive.example.com'],
      sendDisabled: true,
      requireMasking: true,
      teamInstructions: 'Sign as the Northwind team.',
      recipes: ['{"format":"deskmate-recipe"}'],
      knowledgeBaseUrl: 'https://intranet.example/kb.md',
    });
    expect(p).toEqual({
      model: { baseURL: TEAM, model: 'team-model', apiKey: 'sk-team' },
      lockModel: true,
      allowedSites: ['http://127.0.0.1:4517', 'https://desk.example.com'],
      readOnlySites: ['https://archive.example.com'],
      sendDisabled: true,
      requireMasking: true,
      teamInstructions: 'Sign as the Northwind team.',
      recipes: ['{"format":"deskmate-recipe"}'],
      knowledgeBaseUrl: 'https://intranet.example/kb.md',
      problems: [],
      unreadable: null,
    });
  });

  it('is no policy when managed storage holds nothing (Chrome: {}, Firefox: it threw)', () => {
    expect(parsePolicy({})).toEqual(NO_POLICY);
    expect(parsePolicy(null)).toEqual(NO_POLICY);
    expect(policyView(NO_POLICY).managed).toBe(false);
  });

  it('leaves out each key of the wrong shape and names it (Firefox checks no schema)', () => {
    const p = parsePolicy({
      model: { baseURL: 'javascript:alert(1)', model: 'x' },
      lockModel: 'yes',
      allowedSites: ['ftp://files.example', 'https://ok.example'],
      sendDisabled: 1,
      teamInstructions: 42,
      recipes: [{ not: 'text' }],
      knowledgeBaseUrl: 'file:///etc/passwd',
    });
    expect(p.model).toBeNull();
    expect(p.lockModel).toBe(false);
    expect(p.allowedSites).toEqual(['https://ok.example']);
    expect(p.sendDisabled).toBe(false);
    expect(p.teamInstructions).toBeNull();
    expect(p.recipes).toEqual([]);
    expect(p.knowledgeBaseUrl).toBeNull();
    expect(p.problems.map((x) => x.split(':')[0])).toEqual(['model', 'lockModel', 'allowedSites', 'sendDisabled', 'teamInstructions', 'recipes', 'knowledgeBaseUrl']);
    expect(p.unreadable).toBeNull();
  });

  it('names a setting it does not know, and leaves it out', () => {
    const p = parsePolicy({ sendDisabled: true, allowedsites: ['https://desk.example.com'] });
    expect(p).toMatchObject({ sendDisabled: true, allowedSites: null, unreadable: null, problems: ['allowedsites: not a setting Deskmate knows; left out'] });
  });

  it('does not lock a model it was not given', () => {
    expect(parsePolicy({ lockModel: true }).lockModel).toBe(false);
  });

  it('fails closed when a policy is there but nothing of it can be read', () => {
    for (const raw of [[1, 2], 'text', 5, true, { '0': 1, '1': 2 }]) {
      const p = parsePolicy(raw);
      expect(p.unreadable, JSON.stringify(raw)).not.toBeNull();
      expect(p).toMatchObject({ allowedSites: [], sendDisabled: true, requireMasking: true, model: null });
      expect(runsUnderPolicy(p)).toBe(false);
      expect(siteAllowedByPolicy('https://desk.example.com', p)).toBe(false);
      expect(policyView(p).managed).toBe(true);
    }
  });

  it('tells the pages whether there is a key, never the key', () => {
    const view = policyView(policy({ model: { baseURL: TEAM, model: 'm', apiKey: 'sk-team' } }));
    expect(JSON.stringify(view)).not.toContain('sk-team');
    expect(view.model).toEqual({ baseURL: TEAM, model: 'm', hasKey: true });
  });
});

describe('the policy over the agent’s settings', () => {
  const managed = policy({ model: { baseURL: TEAM, model: 'team-model', apiKey: 'sk-team' } });
  const locked = { ...managed, lockModel: true };

  it('uses the policy’s endpoint and key until the agent saves their own', () => {
    expect(modelUnderPolicy(own, false, managed)).toMatchObject({ baseURL: TEAM, model: 'team-model', apiKey: 'sk-team', preset: 'custom' });
    expect(modelUnderPolicy(own, true, managed)).toEqual(own);
  });

  it('always uses the policy’s endpoint, model and key under a lock', () => {
    expect(modelUnderPolicy(own, true, locked)).toMatchObject({ baseURL: TEAM, model: 'team-model', apiKey: 'sk-team' });
    // Without a key in the policy, the agent's own key goes with the locked endpoint.
    const noKey = policy({ model: { baseURL: TEAM, model: 'team-model' }, lockModel: true });
    expect(modelUnderPolicy(own, true, noKey).apiKey).toBe('sk-own');
  });

  it('refuses a change of a locked endpoint, model or key, and masking switched off when required', () => {
    expect(modelChangeRefusal({ ...own, baseURL: 'https://evil.example/v1' }, locked)).toMatch(/organisation/);
    expect(modelChangeRefusal({ ...own, baseURL: TEAM, model: 'other' }, locked)).toMatch(/organisation/);
    expect(modelChangeRefusal({ ...own, baseURL: TEAM, model: 'team-model', apiKey: 'sk-other' }, locked)).toMatch(/key/);
    expect(modelChangeRefusal({ ...own, baseURL: TEAM, model: 'team-model', apiKey: '' }, locked)).toBeNull();
    expect(modelChangeRefusal({ ...own, maskPersonalData: false }, policy({ requireMasking: true }))).toMatch(/Masking/);
    expect(modelChangeRefusal(own, managed)).toBeNull();
  });

  it('forces masking on when required', () => {
    expect(modelUnderPolicy({ ...own, maskPersonalData: false }, true, policy({ requireMasking: true })).maskPersonalData).toBe(true);
  });

  it('gives the policy’s key to its own endpoint only, and never stores or shows it', () => {
    expect(withPolicyKey({ ...own, baseURL: TEAM, apiKey: '' }, managed).apiKey).toBe('sk-team');
    expect(withPolicyKey({ ...own, baseURL: 'https://evil.example/v1', apiKey: '' }, managed).apiKey).toBe('');
    expect(storableModel({ ...own, apiKey: 'sk-team' }, managed).apiKey).toBe('');
    expect(shownModel({ ...own, apiKey: 'sk-team' }, managed).apiKey).toBe('');
    expect(shownModel(own, managed).apiKey).toBe('sk-own');
  });

  it('holds writing and sending off on read-only sites, and sending everywhere when switched off', () => {
    const site = { origin: 'https://archive.example.com', write: true, send: true };
    expect(siteUnderPolicy(site, policy({ readOnlySites: [site.origin] }))).toEqual({ ...site, write: false, send: false, locked: ['write', 'send'] });
    expect(siteUnderPolicy(site, policy({ sendDisabled: true }))).toEqual({ ...site, send: false, locked: ['send'] });
    expect(siteUnderPolicy(site, NO_POLICY)).toEqual(site);
    // The agent's own "off" stays off where the policy allows.
    expect(siteUnderPolicy({ ...site, write: false }, policy({ sendDisabled: true })).write).toBe(false);
  });

  it('allows any site without a list, and only the listed ones with it', () => {
    expect(siteAllowedByPolicy('https://any.example', NO_POLICY)).toBe(true);
    expect(siteAllowedByPolicy('https://any.example', policy({ allowedSites: ['https://desk.example.com'] }))).toBe(false);
    expect(siteAllowedByPolicy('https://desk.example.com', policy({ allowedSites: ['https://desk.example.com'] }))).toBe(true);
  });

  it('puts the policy’s team instructions over the agent’s', () => {
    expect(teamInstructionsUnderPolicy('mine', policy({ teamInstructions: 'theirs' }))).toBe('theirs');
    expect(teamInstructionsUnderPolicy('mine', NO_POLICY)).toBe('mine');
  });
});
