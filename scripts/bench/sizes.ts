import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The gzip -9 sizes of the built bundles, an HTML entry counted with every chunk it loads. */
export interface BundleSize {
  name: string;
  files: { file: string; bytes: number; gzipBytes: number }[];
  bytes: number;
  gzipBytes: number;
}

const gzipSize = (buffer: Buffer) => gzipSync(buffer, { level: 9 }).length;

function sizeOf(root: string, name: string, files: string[]): BundleSize {
  const rows = files.map((file) => {
    const buffer = readFileSync(join(root, file));
    return { file, bytes: buffer.length, gzipBytes: gzipSize(buffer) };
  });
  return {
    name,
    files: rows,
    bytes: rows.reduce((a, r) => a + r.bytes, 0),
    gzipBytes: rows.reduce((a, r) => a + r.gzipBytes, 0),
  };
}

/** The scripts an HTML page loads (module script and modulepreloads), then their static imports. */
export function scriptsOfPage(root: string, html: string): string[] {
  const page = readFileSync(join(root, html), 'utf8');
  const entries = [
    ...[...page.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g)].map((m) => m[1]!),
    ...[...page.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g)].map((m) => m[1]!),
  ].map((src) => resolveFrom(html, src));
  return withStaticImports(root, entries);
}

function resolveFrom(fromFile: string, spec: string): string {
  if (spec.startsWith('/')) return spec.slice(1);
  return posix.normalize(posix.join(posix.dirname(fromFile), spec));
}

/** Every file reachable by static `import … from "./x.js"` / `import "./x.js"` / `export … from`. */
export function withStaticImports(root: string, entries: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(root, file), 'utf8');
    for (const m of code.matchAll(/(?:\bimport|\bexport)\s*(?:[\w*{}\s,$]*?\bfrom\s*)?["']([./][^"']+\.js)["']/g)) {
      queue.push(resolveFrom(file, m[1]!));
    }
  }
  return [...seen];
}

/**
 * True when the UI chunks carry Preact's development JSX (fileName/lineNumber per element): the
 * build ran with NODE_ENV other than production (e.g. under vitest or vite-node), which makes it bigger.
 */
export function isDevelopmentBuild(root: string): boolean {
  return scriptsOfPage(root, 'sidepanel.html').some((file) => /lineNumber:\d+,columnNumber:\d+/.test(readFileSync(join(root, file), 'utf8')));
}

export function bundleSizes(root: string): BundleSize[] {
  const lazy = readdirSync(join(root, 'chunks')).filter((f) => f.startsWith('markdown-render-') && f.endsWith('.js'));
  return [
    sizeOf(root, 'sidebar markdown (lazy)', lazy.map((f) => `chunks/${f}`)),
    // Fetched once the sidebar is idle after opening, or when a confirm card is first shown (the
    // card with its buttons' work, src/ui/sidebar/ConfirmCardWired.tsx).
    sizeOf(root, 'sidebar confirm card (lazy)', readdirSync(join(root, 'chunks')).filter((f) => f.startsWith('ConfirmCardWired-') && f.endsWith('.js')).map((f) => `chunks/${f}`)),
    // What the worker evaluates before it answers its first message; the personal data script
    // (masking, the confirm card's contact review, with libphonenumber and ibantools) runs only
    // when a masked turn or a confirm card first needs it, and its number plans are a JSON file;
    // the knowledge base's index (MiniSearch) and its file and URL reading run at the first search,
    // import or sync; the model client at the first model request; the MCP client when a server is
    // configured; teach mode's handlers when a tab is first taught; the saved replies' handlers at
    // the first save, import, preview or run.
    sizeOf(root, 'background', ['background.js']),
    sizeOf(root, 'background personal data (lazy)', ['personal-data.js']),
    sizeOf(root, 'background kb index (lazy)', ['kb-index.js']),
    sizeOf(root, 'background model client (lazy)', ['model-client.js']),
    sizeOf(root, 'background MCP client (lazy)', ['mcp-client.js']),
    sizeOf(root, 'background teach mode (lazy)', ['teach.js']),
    sizeOf(root, 'background saved replies (lazy)', ['saved-replies.js']),
    sizeOf(root, 'content script', ['content-scripts/content.js']),
    // Parts of the content script the background runs in a tab when it first needs them.
    sizeOf(root, 'content tools (lazy)', ['page-tools.js']),
    sizeOf(root, 'content Readability (lazy)', ['page-readable.js']),
    sizeOf(root, 'content teach mode (lazy)', ['page-teach.js']),
    sizeOf(root, 'content recipe check (lazy)', ['page-recipes.js']),
    sizeOf(root, 'sidebar JS', scriptsOfPage(root, 'sidepanel.html')),
    sizeOf(root, 'options JS', scriptsOfPage(root, 'options.html')),
  ];
}
