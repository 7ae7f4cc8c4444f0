import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../../src/sites';
import { ADAPTER_PAGES } from '../../../src/sites/pages';
import { adapterInfo, adapterToolNames, type Adapter, type PageTicket } from '../../../src/sites/adapter';
import { ADAPTER_INFOS } from '../../../src/sites/catalog';
import { PAGE_TOOLS, isPageToolName } from '../../../src/shared/page-tools';
import { loadFixture } from '../load-fixture';

/**
 * Keeps the adapters honest. Every file of src/sites/adapters is one of: an adapter (it calls
 * defineAdapter and default-exports the result; its file name is its id), or a part of one
 * adapter (`<id>-<part>.ts`, split out to keep files small); what adapters share lives outside
 * the folder (src/sites, its dom/, recipes/ and teach/). Every adapter is
 * in ADAPTERS, offers only catalogue tools in the catalogue's shape, and has saved pages in
 * test/fixtures/sites/<id>/ whose pages.json says which adapter serves each page, which
 * ticket it shows, and how many elements each of the adapter's SELECTORS matches there.
 */

type SiteModule = { default?: unknown; SELECTORS?: Record<string, string> };
const modules = import.meta.glob<SiteModule>('../../../src/sites/adapters/*.ts', { eager: true });
const moduleOf = (file: string): SiteModule => modules[`../../../src/sites/adapters/${file}`] ?? {};
const sourceOf = (file: string): string => readFileSync(new URL(`../../../src/sites/adapters/${file}`, import.meta.url), 'utf8');
const files = readdirSync(new URL('../../../src/sites/adapters/', import.meta.url)).filter((f) => f.endsWith('.ts')).sort();

const isAdapter = (v: unknown): v is Adapter =>
  typeof v === 'object' && v !== null && typeof (v as Adapter).id === 'string' && typeof (v as Adapter).detect === 'function' && typeof (v as Adapter).tools === 'object';
const adapterFiles = files.filter((f) => isAdapter(moduleOf(f).default));
const ids = adapterFiles.map((f) => f.slice(0, -'.ts'.length));
/** The adapter a part belongs to: the longest id its name starts with, then a dash. */
const ownerOf = (file: string): string | undefined =>
  ids.filter((id) => file.startsWith(`${id}-`)).sort((a, b) => b.length - a.length)[0];
const localImports = (file: string): string[] => [...sourceOf(file).matchAll(/from '\.\/([\w-]+)'/g)].map((m) => `${m[1]}.ts`);

interface FixturePage {
  path: string;
  servedBy: string;
  ticket: PageTicket | null;
  counts?: Record<string, number>;
  within?: Record<string, Record<string, number>>;
}
const fixtureDir = (id: string) => new URL(`../../fixtures/sites/${id}/`, import.meta.url);
const pagesOf = (id: string): Record<string, FixturePage> => JSON.parse(readFileSync(new URL('pages.json', fixtureDir(id)), 'utf8'));

describe('the files of src/sites/adapters', () => {
  it('are adapters, or parts of one adapter', () => {
    const unknown = files.filter((f) => !adapterFiles.includes(f) && !ownerOf(f));
    expect(unknown).toEqual([]);
  });

  it('call defineAdapter exactly when they are adapters', () => {
    for (const file of files) {
      expect([file, /\bdefineAdapter\(/.test(sourceOf(file))]).toEqual([file, adapterFiles.includes(file)]);
    }
  });

  it('keep adapters apart: no adapter imports another, nor another adapter’s parts', () => {
    // Within the folder a file imports only its own adapter's parts (src/sites/index.ts lists them all).
    for (const file of files) {
      const own = ownerOf(file) ?? file.slice(0, -3);
      for (const imported of localImports(file)) {
        expect([file, imported, ownerOf(imported) ?? imported.slice(0, -3)]).toEqual([file, imported, own]);
      }
    }
  });
});

describe('ADAPTERS', () => {
  it('lists every adapter once, and nothing else', () => {
    expect(ADAPTERS.map((a) => a.id).sort()).toEqual([...ids].sort());
    for (const file of adapterFiles) expect(ADAPTERS).toContain(moduleOf(file).default);
  });

  it('gives each adapter its file name as id', () => {
    for (const file of adapterFiles) expect((moduleOf(file).default as Adapter).id).toBe(file.slice(0, -3));
  });

  it('ends with the generic adapter, which serves any page the others do not', () => {
    expect(ADAPTERS.at(-1)?.id).toBe('generic');
  });

  it('are detected at page load in their order by ADAPTER_PAGES, which carries no tools', () => {
    expect(ADAPTER_PAGES.map((p) => p.id)).toEqual(ADAPTERS.map((a) => a.id));
    for (const page of ADAPTER_PAGES) expect(Object.keys(page).sort()).toEqual(['detect', 'id', 'ticket']);
  });
});

describe.each(ids)('the %s adapter', (id) => {
  const adapter = moduleOf(`${id}.ts`).default as Adapter;

  it('offers only catalogue tools, each in the shape its grade needs', () => {
    for (const [name, impl] of Object.entries(adapter.tools)) {
      expect([name, isPageToolName(name)]).toEqual([name, true]);
      const grade = PAGE_TOOLS[name as keyof typeof PAGE_TOOLS].sideEffect;
      const isSend = typeof impl === 'object' && typeof impl.prepare === 'function' && typeof impl.deliver === 'function';
      expect([name, grade === 'send' ? isSend : typeof impl === 'function']).toEqual([name, true]);
    }
  });

  if (id === 'generic') {
    it('on a page Deskmate does not understand, reads and inserts on a click, and sends nothing', () => {
      expect(adapterToolNames(adapter).filter((n) => PAGE_TOOLS[n].sideEffect !== 'read')).toEqual(['reply.fill']);
      expect(adapter.afterLoad).toBeUndefined();
    });
  }

  it('has saved pages, every one of them described in pages.json', () => {
    expect(existsSync(new URL('pages.json', fixtureDir(id)))).toBe(true);
    const saved = readdirSync(fixtureDir(id)).filter((f) => f.endsWith('.html')).sort();
    expect(saved.length).toBeGreaterThan(0);
    expect(Object.keys(pagesOf(id)).sort()).toEqual(saved);
  });

  const selectors = moduleOf(`${id}.ts`).SELECTORS;
  for (const [file, page] of Object.entries(existsSync(new URL('pages.json', fixtureDir(id))) ? pagesOf(id) : {})) {
    it(`serves ${file} as pages.json says, and its selectors match there as expected`, async () => {
      const { window, document, url } = loadFixture(id, file, page.path);
      try {
        expect(ADAPTERS.find((a) => a.detect(url, document))?.id).toBe(page.servedBy);
        expect(adapter.ticket(url, document)).toEqual(page.ticket);
        // What the content script detects at page load, without the adapters' tools.
        expect(ADAPTER_PAGES.find((p) => p.detect(url, document))?.id).toBe(page.servedBy);
        expect(ADAPTER_PAGES.find((p) => p.id === id)!.ticket(url, document)).toEqual(page.ticket);
        if (!selectors) return expect(page.counts ?? page.within).toBeUndefined();
        const named = new Set([...Object.keys(page.counts ?? {}), ...Object.values(page.within ?? {}).flatMap((c) => Object.keys(c))]);
        expect([...named].sort()).toEqual(Object.keys(selectors).sort());
        for (const [name, count] of Object.entries(page.counts ?? {})) {
          expect([name, document.querySelectorAll(selectors[name]!).length]).toEqual([name, count]);
        }
        for (const [scope, counts] of Object.entries(page.within ?? {})) {
          for (const element of document.querySelectorAll(selectors[scope]!)) {
            for (const [name, count] of Object.entries(counts)) {
              expect([scope, name, element.querySelectorAll(selectors[name]!).length]).toEqual([scope, name, count]);
            }
          }
        }
      } finally {
        await window.happyDOM.close();
      }
    });
  }
});

describe("the background's copy of the adapters", () => {
  it('lists every adapter, in order, with exactly the tools it implements', () => {
    const sorted = (infos: readonly { id: string; title: string; tools: readonly string[] }[]) =>
      infos.map((i) => ({ ...i, tools: [...i.tools].sort() }));
    expect(sorted(ADAPTER_INFOS)).toEqual(sorted(ADAPTERS.map(adapterInfo)));
  });
});
