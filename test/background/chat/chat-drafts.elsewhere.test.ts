import { describe, expect, it } from 'vitest';
import { elsewhereRefusal } from '../../../src/background/chat/chat-drafts';

const A = 'https://a.example';
const B = 'https://b.example';

describe('elsewhereRefusal: a draft acts only on the ticket it was written for', () => {
  it('lets it act on its own ticket, and on a page of its own site that shows no ticket (a separate reply page)', () => {
    expect(elsewhereRefusal({ site: A, ticket: '7' }, { site: A, ticket: '7' }, false)).toBeNull();
    expect(elsewhereRefusal({ site: A, ticket: '7' }, { site: A, ticket: null }, false)).toBeNull();
  });

  it('refuses another ticket, the same id on another site, and another site with no ticket, unless chosen', () => {
    for (const shown of [
      { site: A, ticket: '8' },
      { site: B, ticket: '7' },
      { site: B, ticket: null },
    ]) {
      expect(elsewhereRefusal({ site: A, ticket: '7' }, shown, false)).toMatchObject({ ok: false, code: 'draft_elsewhere' });
      expect(elsewhereRefusal({ site: A, ticket: '7' }, shown, true)).toBeNull();
    }
  });

  it('refuses a draft of no known conversation, and one whose site is unknown, on a page with no ticket', () => {
    expect(elsewhereRefusal(null, { site: A, ticket: null }, false)).toMatchObject({ ok: false, code: 'draft_elsewhere' });
    expect(elsewhereRefusal({ site: null, ticket: '7' }, { site: A, ticket: null }, false)).toMatchObject({ ok: false, code: 'draft_elsewhere' });
  });
});
