import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layer rules, for every layer, in one place:
 * - core is pure and imports only core (test/core/core.purity.test.ts bans browser, WXT,
 *   openai and Preact packages);
 * - shared holds what more than one runtime uses and imports only core and shared;
 * - sites (DOM work on helpdesk pages) and tools import core, shared and their own layer, never
 *   the background, the content script or the UI;
 * - content (what runs inside the helpdesk page) imports core, shared, sites and itself;
 * - ui imports core, shared and itself: its client (`ui/client`) is the one bridge from a page
 *   to the background;
 * - background never imports ui.
 */
const SRC = fileURLToPath(new URL('../src', import.meta.url));
const ALLOWED: Record<string, (target: string) => boolean> = {
  core: (t) => t.startsWith('core/'),
  shared: (t) => t.startsWith('core/') || t.startsWith('shared/'),
  sites: (t) => /^(core|shared|sites)\//.test(t),
  tools: (t) => /^(core|shared|tools)\//.test(t),
  ui: (t) => /^(core|shared|ui)\//.test(t),
  background: (t) => !t.startsWith('ui/'),
  content: (t) => /^(core|shared|sites|content)\//.test(t),
};

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"](\.[^'"]*)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** Each relative import of a file, as a path under src without extension ("core/tool"). */
function importsOf(file: string, source: string): string[] {
  return [...source.matchAll(SPECIFIER)].map((m) => relative(SRC, resolve(dirname(file), m[1] ?? '')).replace(/\.(ts|tsx)$/, '').replace(/\/index$/, ''));
}

const violations = (file: string, source: string): string[] => {
  const layer = relative(SRC, file).split('/')[0] ?? '';
  const allowed = ALLOWED[layer];
  if (!allowed) return [`${relative(SRC, file)} is in no known layer`];
  return importsOf(file, source)
    .map((t) => (t === 'core' || t === 'shared' ? `${t}/index` : t))
    .filter((t) => !allowed(t))
    .map((t) => `${relative(SRC, file)} -> ${t}`);
};

describe('layer rules', () => {
  const files = sourceFiles(SRC);

  it('finds every layer', () => {
    const layers = new Set(files.map((f) => relative(SRC, f).split('/')[0]));
    expect([...layers].sort()).toEqual(Object.keys(ALLOWED).sort());
  });

  it('holds for every source file', () => {
    expect(files.flatMap((f) => violations(f, readFileSync(f, 'utf8')))).toEqual([]);
  });

  it('catches the imports it forbids', () => {
    const at = (path: string) => join(SRC, path);
    expect(violations(at('ui/chat/DraftCard.tsx'), "import type { TicketData } from '../../sites/adapter';")).toHaveLength(1);
    expect(violations(at('ui/hooks/useChat.ts'), "import { applyAgentEvent } from '../../background/chat/chat-session';")).toHaveLength(1);
    expect(violations(at('sites/osticket.ts'), "import { request } from '../ui/client';")).toHaveLength(1);
    expect(violations(at('sites/osticket.ts'), "const m = await import('../ui/format');")).toHaveLength(1);
    expect(violations(at('core/registry.ts'), "export { x } from '../shared/protocol';")).toHaveLength(1);
    expect(violations(at('shared/protocol.ts'), "import type { SiteSettingsStore } from '../background/access/site-settings';")).toHaveLength(1);
    expect(violations(at('background/host.ts'), "import { App } from '../ui/sidebar/App';")).toHaveLength(1);
    expect(violations(at('ui/hooks/useChat.ts'), "import { connectChat } from '../client';")).toEqual([]);
  });
});
