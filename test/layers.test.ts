import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * What may import what, for every layer and runtime (README, "Project layout"):
 * - core is pure and imports only core (test/core/core.purity.test.ts bans browser, WXT,
 *   openai and Preact packages);
 * - shared holds what more than one runtime uses and imports only core and shared;
 * - tools (hosted by the background) import core, shared and tools;
 * - sites (DOM work on helpdesk pages) import core, shared and sites: never a runtime;
 * - content (what runs inside the helpdesk page) imports core, shared, sites and content:
 *   nothing of the background or the pages;
 * - background imports core, shared, tools, background and, of sites, only the adapters'
 *   declarations (`sites/adapter`, `sites/catalog`): it never runs a page's DOM code, and never
 *   imports content or ui;
 * - ui imports core, shared and ui: its client (`ui/client`) is the one way to the background;
 * - each entry file imports only the runtime it starts;
 * and no files import each other in a circle.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const under = (...layers: string[]) => (t: string) => layers.some((l) => t.startsWith(`src/${l}/`));
const SITE_DECLARATIONS = new Set(['src/sites/adapter', 'src/sites/catalog']);
const runtimes = {
  core: under('core'),
  shared: under('core', 'shared'),
  tools: under('core', 'shared', 'tools'),
  sites: under('core', 'shared', 'sites'),
  content: under('core', 'shared', 'sites', 'content'),
  background: (t: string) => under('core', 'shared', 'tools', 'background')(t) || SITE_DECLARATIONS.has(t),
  ui: under('core', 'shared', 'ui'),
};
const LAYERS: Record<string, (target: string) => boolean> = Object.fromEntries(Object.entries(runtimes).map(([l, rule]) => [`src/${l}/`, rule]));
const ENTRIES: Record<string, (target: string) => boolean> = {
  'entrypoints/background.ts': runtimes.background,
  'entrypoints/content.ts': runtimes.content,
  // Scripts the background runs when it first needs them (see their files).
  'entrypoints/kb-index.ts': runtimes.tools,
  'entrypoints/personal-data.ts': runtimes.shared,
  'entrypoints/mcp-client.ts': runtimes.background,
  'entrypoints/model-client.ts': runtimes.background,
  'entrypoints/teach.ts': runtimes.background,
  'entrypoints/saved-replies.ts': runtimes.background,
  // Parts of the content script the background runs in a tab when it first needs them.
  'entrypoints/page-tools.ts': runtimes.sites,
  'entrypoints/page-readable.ts': runtimes.sites,
  'entrypoints/page-teach.ts': runtimes.content,
  'entrypoints/page-recipes.ts': runtimes.content,
  'entrypoints/sidepanel/': runtimes.ui,
  'entrypoints/options/': runtimes.ui,
};

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"]((?:\.|@\/)[^'"]*)['"]/g;
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx', ''];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** A file's imports of the project's own files, as paths from the root without extension ("src/core/tool"). */
function importsOf(file: string, source: string): string[] {
  return [...source.matchAll(SPECIFIER)].map((m) => {
    const spec = m[1] ?? '';
    const path = spec.startsWith('@/') ? join(ROOT, spec.slice(2)) : resolve(dirname(file), spec);
    const found = EXTENSIONS.map((ext) => path + ext).find((p) => existsSync(p) && statSync(p).isFile()) ?? path;
    return relative(ROOT, found).replace(/\.(ts|tsx)$/, '');
  });
}

const ruleOf = (file: string) => {
  const path = relative(ROOT, file);
  const key = Object.keys({ ...LAYERS, ...ENTRIES }).find((k) => path.startsWith(k));
  return key ? (LAYERS[key] ?? ENTRIES[key]) : undefined;
};

/** The imports of a file that its layer forbids, as "from -> to". */
function violations(file: string, source: string): string[] {
  const allowed = ruleOf(file);
  if (!allowed) return [`${relative(ROOT, file)} is in no known layer`];
  return importsOf(file, source)
    .filter((t) => !allowed(t))
    .map((t) => `${relative(ROOT, file)} -> ${t}`);
}

/** Every circle of imports among the files (Tarjan's strongly connected components of two files or more). */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

const graphOf = (sources: [file: string, source: string][]) =>
  new Map(sources.map(([file, source]) => [relative(ROOT, file).replace(/\.(ts|tsx)$/, ''), importsOf(file, source)]));

describe('layer rules', () => {
  const files = [...sourceFiles(join(ROOT, 'src')), ...sourceFiles(join(ROOT, 'entrypoints'))];
  const sources = files.map((f) => [f, readFileSync(f, 'utf8')] as [string, string]);

  it('finds every layer and entry file', () => {
    const layers = new Set(files.map((f) => relative(ROOT, f).split('/').slice(0, 2).join('/') + '/').filter((l) => l.startsWith('src/')));
    expect([...layers].sort()).toEqual(Object.keys(LAYERS).sort());
    for (const entry of Object.keys(ENTRIES)) expect([entry, files.some((f) => relative(ROOT, f).startsWith(entry))]).toEqual([entry, true]);
  });

  it('holds for every source file', () => {
    expect(sources.flatMap(([f, s]) => violations(f, s))).toEqual([]);
  });

  it('has no import circles', () => {
    expect(circles(graphOf(sources))).toEqual([]);
  });

  it('catches the imports it forbids', () => {
    const at = (path: string) => join(ROOT, path);
    const wrong: [string, string][] = [
      ['src/ui/chat/DraftCard.tsx', "import type { TicketData } from '../../sites/adapter';"],
      ['src/ui/hooks/useChat.ts', "import { applyAgentEvent } from '../../background/chat/chat-session';"],
      ['src/sites/adapters/osticket.ts', "import { request } from '../../ui/client';"],
      ['src/sites/adapters/osticket.ts', "const m = await import('../../ui/format');"],
      ['src/core/registry.ts', "export { x } from '../shared/protocol';"],
      ['src/shared/protocol.ts', "import type { SiteSettingsStore } from '../background/access/site-settings';"],
      ['src/shared/teach.ts', "import type { Picker } from '../content/teach-picker';"],
      ['src/background/host.ts', "import { App } from '../ui/sidebar/App';"],
      ['src/background/host.ts', "import { startContentScript } from '../content/content';"],
      ['src/background/pages/page-results.ts', "import { elementText } from '../../sites/dom/dom-text';"],
      ['src/content/content.ts', "import { log } from '../background/diagnostics/logger';"],
      ['src/content/teach-content.ts', "import { t } from '../ui/client';"],
      ['src/tools/kb-search.ts', "import { chatStore } from '../background/chat/chat-store';"],
      ['entrypoints/content.ts', "import { startHost } from '@/src/background/host';"],
      ['entrypoints/sidepanel/main.tsx', "import { ADAPTERS } from '@/src/sites';"],
    ];
    for (const [file, line] of wrong) expect([file, line, violations(at(file), line)]).toEqual([file, line, [expect.any(String)]]);
    expect(violations(at('src/ui/hooks/useChat.ts'), "import { connectChat } from '../client';")).toEqual([]);
    expect(violations(at('src/background/host.ts'), "import { ADAPTER_INFOS } from '../sites/catalog';")).toEqual([]);
    expect(violations(at('src/content/content.ts'), "import { focusMemory } from '../sites/dom/focus-memory';")).toEqual([]);
  });

  it('catches a circle', () => {
    const a = join(ROOT, 'src/background/storage/items.ts');
    const b = join(ROOT, 'src/background/storage/audit-log.ts');
    const c = join(ROOT, 'src/background/storage/stored-item.ts');
    const graph = graphOf([
      [a, "import { x } from './audit-log';\nimport { y } from './stored-item';"],
      [b, "import type { Z } from './items';"],
      [c, ''],
    ]);
    expect(circles(graph)).toEqual([['src/background/storage/audit-log', 'src/background/storage/items']]);
  });
});
