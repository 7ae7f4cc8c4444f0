import { describe, expect, it } from 'vitest';
import { NO_POLICY, parsePolicy, policyView, type Policy } from '../../src/shared/policy';
import { modelChangeRefusal, modelUnderPolicy, runsUnderPolicy, siteAllowedByPolicy, siteUnderPolicy, teamInstructionsUnderPolicy } from '../../src/shared/policy-merge';
import type { ModelSettings } from '../../src/shared/settings';

const own: ModelSettings = { preset: 'openai', baseURL: 'https://api.openai.com/v1', apiKey: 'sk-own', model: 'gpt-4o-mini' };
const TEAM = 'https://llm.team.example/v1';
const policy = (p: Partial<Policy>): Policy => ({ ...NO_POLICY, ...p });

describe('the policy as read from managed storage', () => {
  it('reads every key of a whole policy', () => {
    const p = parsePolicy({
      model: { baseURL: TEAM, model: 'team-model' },
      lockModel: true,
      allowedSites: ['https://desk.example.com/', 'https://desk.example.com', 'http://127.0.0.1:4517/x'],
      readOnlySites: ['https://archive.example.com'],
      sendDisabled: true,
      requireMasking: true,
      teamInstructions: 'Sign as the Northwind team.',
      recipes: ['{"format":"deskmate-recipe"}'],
      knowledgeBaseUrl: 'https://intranet.example/kb.md',
      mcpServers: [{ name: 'Orders', url: 'https://orders.example.com/mcp', tools: { 'payments.refund': 'off' } }],
    });
    expect(p).toEqual({
      model: { baseURL: TEAM, model: 'team-model' },
      lockModel: true,
      allowedSites: ['http://127.0.0.1:4517', 'https://desk.example.com'],
      readOnlySites: ['https://archive.example.com'],
      sendDisabled: true,
      requireMasking: true,
      teamInstructions: 'Sign as the Northwind team.',
      recipes: ['{"format":"deskmate-recipe"}'],
      knowledgeBaseUrl: 'https://intranet.example/kb.md',
      mcpServers: [{ name: 'Orders', url: 'https://orders.example.com/mcp', tools: { 'payments.refund': 'off' } }],
      secrets: [],
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

  it('uses a model endpoint given with a key, without the key, and names the key', () => {
    const p = parsePolicy({ model: { baseURL: TEAM, model: 'team-model', apiKey: 'sk-team' }, lockModel: true });
    expect(p).toMatchObject({ model: { baseURL: TEAM, model: 'team-model' }, lockModel: true, secrets: ['model.apiKey'], problems: [] });
    expect(JSON.stringify(p)).not.toContain('sk-team');
    expect(JSON.stringify(policyView(p))).not.toContain('sk-team');
  });

  it('takes a secret out of any setting, named like a credential or carried in a URL, and applies the setting without it', () => {
    const p = parsePolicy({
      model: { baseURL: 'https://agent:pw@llm.team.example/v1', model: 'm' },
      lockModel: true,
      allowedSites: ['https://user:pw@desk.example.com'],
      knowledgeBaseUrl: 'https://kb.blob.example/kb.md?sv=2024&sig=abc',
      sendDisabled: true,
      servers: [{ url: 'https://mcp.example', bearerToken: 'tok' }],
    });
    expect(p).toMatchObject({
      model: { baseURL: 'https://llm.team.example/v1', model: 'm' },
      lockModel: true,
      allowedSites: ['https://desk.example.com'],
      knowledgeBaseUrl: 'https://kb.blob.example/kb.md?sv=2024',
      sendDisabled: true,
      unreadable: null,
    });
    expect(p.secrets).toEqual(['model.baseURL', 'allowedSites[0]', 'knowledgeBaseUrl', 'servers[0].bearerToken']);
    expect(p.problems).toEqual(['servers: not a setting Deskmate knows; left out']);
    expect(JSON.stringify(p)).not.toMatch(/pw|abc|tok\b/);
  });

  it('keeps a URL whose query carries no credential', () => {
    expect(parsePolicy({ knowledgeBaseUrl: 'https://intranet.example/kb.md?lang=en' })).toMatchObject({ knowledgeBaseUrl: 'https://intranet.example/kb.md?lang=en', secrets: [] });
  });

  it('fails closed when a policy is there but nothing of it can be read', () => {
    for (const raw of [[1, 2], 'text', 5, true, { '0': 1, '1': 2 }, { apiKey: 'sk-team' }]) {
      const p = parsePolicy(raw);
      expect(p.unreadable, JSON.stringify(raw)).not.toBeNull();
      expect(p).toMatchObject({ allowedSites: [], sendDisabled: true, requireMasking: true, model: null });
      expect(runsUnderPolicy(p)).toBe(false);
      expect(siteAllowedByPolicy('https://desk.example.com', p)).toBe(false);
      expect(policyView(p).managed).toBe(true);
    }
    expect(parsePolicy({ apiKey: 'sk-team' }).secrets).toEqual(['apiKey']);
  });
});

describe('the policy over the agent’s settings', () => {
  const managed = policy({ model: { baseURL: TEAM, model: 'team-model' } });
  const locked = { ...managed, lockModel: true };

  it('uses the policy’s endpoint until the agent saves their own, with no key until the agent gives one', () => {
    expect(modelUnderPolicy(own, false, managed)).toMatchObject({ baseURL: TEAM, model: 'team-model', apiKey: '', preset: 'custom' });
    expect(modelUnderPolicy(own, true, managed)).toEqual(own);
  });

  it('always uses the policy’s endpoint and model under a lock, with the agent’s own key', () => {
    expect(modelUnderPolicy(own, true, locked)).toMatchObject({ baseURL: TEAM, model: 'team-model', apiKey: 'sk-own' });
  });

  it('refuses a change of a locked endpoint or model, and masking switched off when required', () => {
    expect(modelChangeRefusal({ ...own, baseURL: 'https://evil.example/v1' }, locked)).toMatch(/organisation/);
    expect(modelChangeRefusal({ ...own, baseURL: TEAM, model: 'other' }, locked)).toMatch(/organisation/);
    expect(modelChangeRefusal({ ...own, baseURL: TEAM, model: 'team-model', apiKey: 'sk-other' }, locked)).toBeNull();
    expect(modelChangeRefusal({ ...own, maskPersonalData: false }, policy({ requireMasking: true }))).toMatch(/Masking/);
    expect(modelChangeRefusal(own, managed)).toBeNull();
  });

  it('forces masking on when required', () => {
    expect(modelUnderPolicy({ ...own, maskPersonalData: false }, true, policy({ requireMasking: true })).maskPersonalData).toBe(true);
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
