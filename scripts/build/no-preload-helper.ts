import type { Plugin } from 'vite';

/** The module Vite wraps every dynamic import with in a page build (vite/src/node/plugins/importAnalysisBuild.ts). */
export const PRELOAD_HELPER_ID = '\0vite/preload-helper.js';

/**
 * Extension pages load their chunks from the package itself, with no modulepreload links and no
 * CSS of their own per chunk (`modulePreload: false`, `cssCodeSplit: false`), so every dynamic
 * import's list of files to preload is empty. Vite 8 still bundles its preload helper (about
 * 1 KB gzip in each page's first load; vitejs/vite#13952, #18551): in its place, a helper that
 * only imports. Should a build ever give a dynamic import files to preload, it fails rather
 * than drop them.
 */
export function withoutPreloadHelper(): Plugin {
  return {
    name: 'deskmate:without-preload-helper',
    enforce: 'pre',
    resolveId: (source) => (source === PRELOAD_HELPER_ID ? source : null),
    load: (id) => (id === PRELOAD_HELPER_ID ? 'export const __vitePreload = (load) => load();\n' : null),
    writeBundle(_options, bundle) {
      const preloading = Object.values(bundle).filter((file) => file.type === 'chunk' && file.code.includes('__vite__mapDeps'));
      if (preloading.length) this.error(`dynamic imports with files to preload, which the stand-in preload helper ignores: ${preloading.map((c) => c.fileName).join(', ')}`);
    },
  };
}
