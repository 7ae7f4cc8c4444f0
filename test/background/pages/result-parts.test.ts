import { describe, expect, it } from 'vitest';
import type { ToolResult } from '../../../src/core';
import { createResultParts } from '../../../src/background/pages/result-parts';
import type { TabPage } from '../../../src/background/pages/tab-pages';
import { PART_CHARS, type ResultPart } from '../../../src/shared/result-parts';

const SITE = 'http://127.0.0.1:4517';
const page = (tabId: number, key: string): TabPage => ({ tabId, adapterId: 'fake-helpdesk', origin: SITE, url: `${SITE}/tickets/${key}`, ticket: { key, label: `#${key}` } });

function setup() {
  const pages = new Map<number, TabPage>([[1, page(1, '7')]]);
  let n = 0;
  const parts = createResultParts({ get: (tabId) => pages.get(tabId) }, () => `00000000-0000-0000-0000-${String(++n).padStart(12, '0')}`);
  const read = (data: unknown, tool = 'ticket.read', tabId = 1) => parts.firstPart(tabId, { site: SITE, ticket: pages.get(tabId)?.ticket?.key ?? null }, tool, { ok: true, data } as ToolResult);
  return { pages, parts, read };
}

const ticket = (chars: number) => ({ number: '#7', subject: 'Logs', status: null, requester: { name: null, email: null }, messages: [{ author: 'Ada', role: 'customer', time: null, body: 'x'.repeat(chars) }] });

describe('the big results the background keeps for the panel', () => {
  it('gives a small result whole and keeps nothing of it', () => {
    const { read } = setup();
    const small = ticket(100);
    expect(read(small)).toEqual({ ok: true, data: small });
    expect(read({ rows: [1, 2, 3] }, 'tickets.search')).toEqual({ ok: true, data: { rows: [1, 2, 3] } });
  });

  it("gives other big data as the first part of its JSON text, then the text's next parts", () => {
    const { parts, read } = setup();
    const data = { rows: Array.from({ length: 5_000 }, (_, i) => ({ id: i, text: 'row text' })) };
    const first = read(data, 'tickets.search');
    expect(typeof first.data).toBe('string');
    expect((first.data as string).length).toBe(PART_CHARS);
    const part = parts.part(1, first.rest!.id, first.rest!.next) as ResultPart & { kind: 'text' };
    expect((first.data as string) + part.text).toBe(JSON.stringify(data, null, 2).slice(0, 2 * PART_CHARS));
  });

  it("drops a tab's earlier read of the same tool, and keeps at most eight results and 24 million characters", () => {
    const { parts, read, pages } = setup();
    const first = read(ticket(100_000));
    const second = read(ticket(100_000));
    expect(parts.part(1, first.rest!.id, first.rest!.next)).toBeNull();
    expect(parts.part(1, second.rest!.id, second.rest!.next)).not.toBeNull();
    for (let tab = 2; tab <= 9; tab++) pages.set(tab, page(tab, String(tab)));
    const others = [2, 3, 4, 5, 6, 7, 8, 9].map((tab) => read(ticket(100_000), 'ticket.read', tab));
    expect(parts.part(1, second.rest!.id, second.rest!.next)).toBeNull();
    expect(others.every((r, i) => parts.part(i + 2, r.rest!.id, r.rest!.next) !== null)).toBe(true);
    // One past the bound on characters is still given in parts, and the others make room for it.
    const huge = read('x'.repeat(25_000_000), 'page.read');
    expect((huge.data as string).length).toBe(PART_CHARS);
    expect(parts.part(1, huge.rest!.id, huge.rest!.next)).toMatchObject({ kind: 'text', next: { index: 0, start: 2 * PART_CHARS } });
    expect(parts.part(9, others.at(-1)!.rest!.id, others.at(-1)!.rest!.next)).toBeNull();
  });
});
