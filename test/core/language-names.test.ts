import { describe, expect, it } from 'vitest';
import { knownLanguageNames } from '../../src/core/language-names';
import { systemPrompt } from '../../src/core/system-prompt';

describe('language names', () => {
  it('holds the names Intl.DisplayNames gives, for every tag of the table', () => {
    const intl = new Intl.DisplayNames(['en'], { type: 'language' });
    const names = knownLanguageNames();
    expect(names.size).toBeGreaterThan(70);
    for (const [tag, name] of names) expect(name, tag).toBe(intl.of(tag));
  });

  it("names the browser's UI languages and Deskmate's own locales from the table", () => {
    for (const tag of ['en', 'en-US', 'zh-CN', 'de', 'pt-BR']) expect(knownLanguageNames().has(tag), tag).toBe(true);
    expect(systemPrompt({ agentLanguage: 'en-US' })).toContain("in the agent's language, American English [en-US];");
  });

  it('still names a tag the table does not hold', () => {
    expect(knownLanguageNames().has('fr-FR')).toBe(false);
    expect(systemPrompt({ agentLanguage: 'fr-FR' })).toContain("in the agent's language, French (France) [fr-FR];");
  });
});
