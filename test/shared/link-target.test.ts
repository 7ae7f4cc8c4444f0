import { describe, expect, it } from 'vitest';
import { linkTarget, markdownLinksIn, opensInOneClick } from '../../src/shared/link-target';

describe('markdownLinksIn', () => {
  it('finds inline links, links in <…>, reference definitions and autolinks, as the browser resolves them', () => {
    const text = [
      'See [the form](https://Help.Example/returns "Returns") and [the FAQ](<https://help.example/faq page>).',
      '[Wiki](https://en.example/wiki/Foo_(bar)) and <https://help.example/status> and <returns@help.example>.',
      '',
      '[policy]: https://help.example/policy?lang=en',
      '   [terms]:',
      '     <https://help.example/terms>',
    ].join('\n');
    expect(markdownLinksIn(text)).toEqual([
      'https://help.example/returns',
      'https://help.example/faq%20page',
      'https://en.example/wiki/Foo_(bar)',
      'https://help.example/policy?lang=en',
      'https://help.example/terms',
      'https://help.example/status',
      'mailto:returns@help.example',
    ]);
  });

  it('leaves out what is only mentioned, and what is no web or mail link', () => {
    const text = 'Status: https://status.example/ or www.status.example, mail ops@status.example. [x](javascript:alert(1)) [y](/relative) [z](ftp://files.example/a)';
    expect(markdownLinksIn(text)).toEqual([]);
  });
});

describe('opensInOneClick', () => {
  const trusted = new Set(['https://desk.example', 'mailto:desk.example', 'https://help.example/returns?lang=en']);
  const one = (href: string) => opensInOneClick(linkTarget(href)!, trusted);

  it('opens a page of a trusted site that carries nothing, and an exact trusted address, query and all', () => {
    expect(one('https://desk.example/tickets/7')).toBe(true);
    expect(one('mailto:help@desk.example')).toBe(true);
    expect(one('https://help.example/returns?lang=en')).toBe(true);
  });

  it('takes the second step for a query, a fragment, mail headers or recipients, or any other address', () => {
    expect(one('https://desk.example/tickets/7?email=a%40b.example')).toBe(false);
    expect(one('https://desk.example/tickets/7#a@b.example')).toBe(false);
    expect(one('mailto:help@desk.example?subject=x')).toBe(false);
    expect(one('mailto:help@desk.example,other@evil.example')).toBe(false);
    expect(one('https://help.example/returns')).toBe(false);
    expect(one('https://help.example/returns?lang=de')).toBe(false);
  });
});
