import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { withoutPreloadHelper } from './scripts/build/no-preload-helper';

const require = createRequire(import.meta.url);

/**
 * The public half of Deskmate's signing key: it fixes the Chrome extension id at
 * ffdjeegellmgapnbjhgjpddodbdajjbf wherever the build is loaded, so an admin's policy can name it.
 * (Firefox's id is the gecko id below.) The private half is not in the repository.
 */
const CHROME_PUBLIC_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAlA9ypanr1NLdgeAc1D/Ac5HIpq5kNuy4exYodi8JbsS1gbC15LiKXgzaU4jcJhvz7aJ9xZYK7LFbznECCasq+mcPIxb0SWlkqlL2HDNsSvvNJislpoYehkBkLBUfxK77kb8zlgSXPrNxP5EtmZjdj+4xbqDs0PMBXvrrGe3WTSSNHDLYJ6l1wpZy38rWt+LSpUlhrYNq0e1jzmkHS2v9u+rs+/PZk8y9wJgmfAn7r/MP80VAtgNbhvJeT6j8uoA1IZwJGQx520C/2yh+w8dtMdVqBUcx+uWJ/Rzn/Rr2fekA+YbdPPt2YqCmccW3CDGotS4IYFzSqtrks6sXNXbTAwIDAQAB';

/**
 * webextension-polyfill is a UMD file. Bundled as CommonJS, its export goes through an interop
 * copy that reads every API namespace of the browser's own `browser` at each start of the
 * worker, waking bindings Deskmate never uses. Given a `module` of its own and an ES default
 * export, it is imported like any ES module: the wrapper over `chrome` where Chrome has no
 * promise-based `browser` (before 148), the browser's own where it has one.
 */
function polyfillAsEsModule(): Plugin {
  return {
    name: 'deskmate:webextension-polyfill-as-es-module',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/webextension-polyfill\/dist\/browser-polyfill\.js$/.test(id)) return null;
      if (!code.includes('factory(module)')) throw new Error(`${id} is no longer the UMD file this plugin expects`);
      return { code: `const module = { exports: {} }, exports = module.exports;\n${code}\nexport default module.exports;\n`, map: null };
    },
  };
}

/**
 * The MCP client script carries no code that makes functions from strings, which the extension's
 * CSP forbids (and which add-on review flags): the SDK imports its default JSON Schema validator
 * (ajv) at the top, though Deskmate hands it the cfworker one, so a module that fails if anything
 * ever constructs it takes its place; zod's probe whether `Function` may be used (never reached
 * under `jitless`, set by the script) answers no without trying.
 */
function mcpClientWithoutEval(): Plugin {
  const stub = '\0deskmate:mcp-ajv-provider';
  return {
    name: 'deskmate:mcp-client-without-eval',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === '../validation/ajv-provider.js' && importer?.includes('@modelcontextprotocol/sdk') ? stub : null;
    },
    load(id) {
      if (id !== stub) return null;
      return "export class AjvJsonSchemaValidator { constructor() { throw new Error('ajv cannot run under the extension CSP; pass jsonSchemaValidator'); } }\n";
    },
    transform(code, id) {
      if (!/\/zod\/v4\/core\/util\.js$/.test(id)) return null;
      const probe = /const F = Function;\s*new F\(""\);\s*return true;/;
      if (!probe.test(code)) throw new Error(`${id} no longer has the Function probe this plugin expects`);
      return { code: code.replace(probe, 'return false;'), map: null };
    },
  };
}

// The manifest is declared here once for both browsers; WXT adds the entrypoints.
export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  // Extension pages load their chunks from the package itself: no modulepreload links or helper
  // code for them (scripts/build/no-preload-helper.ts); one stylesheet that every page links, so
  // a lazy chunk brings no CSS along.
  // DESKMATE_SOURCEMAP=hidden (npm run bench -- --profile): source maps beside the bundles, not
  // linked from them, so CPU profiles name our functions and the bundles stay the same.
  vite: () => ({
    plugins: [preact(), polyfillAsEsModule(), mcpClientWithoutEval(), withoutPreloadHelper()],
    build: { modulePreload: false, cssCodeSplit: false, sourcemap: process.env.DESKMATE_SOURCEMAP === 'hidden' ? ('hidden' as const) : false },
  }),
  hooks: {
    // libphonenumber's number plans ship as a file the background reads when it first needs
    // them (src/background/model/phone-metadata.ts), not inside the worker's bundle.
    'build:publicAssets': (_wxt, files) => {
      files.push({ absoluteSrc: require.resolve('libphonenumber-js/metadata.min.json'), relativeDest: 'phone-metadata.json' });
    },
  },
  manifest: ({ browser }) => ({
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    permissions: ['storage', 'tabs', 'alarms', ...(browser === 'firefox' ? [] : ['sidePanel', 'scripting'])],
    action: { default_title: '__MSG_extName__' },
    // The organisation's policy (Chrome's 3rdparty extension policy); Firefox reads the same keys
    // from policies.json without a schema.
    ...(browser === 'firefox' ? {} : { key: CHROME_PUBLIC_KEY, storage: { managed_schema: 'managed-schema.json' } }),
    // The side panel, and a worker kept alive by the messages of a streamed answer's port, need
    // Chrome 114 (README, "Load the extension"); webextension-polyfill gives Chrome 114-147 the
    // promise-based \`browser\` that 148 and Firefox have.
    ...(browser === 'firefox' ? {} : { minimum_chrome_version: '114' }),
    // Loopback helpdesks and the offline demo model; any other endpoint is asked for when chosen.
    host_permissions: ['http://127.0.0.1/*', 'http://localhost/*'],
    ...(browser === 'firefox'
      ? { optional_permissions: ['https://*/*', 'http://*/*'] }
      : { optional_host_permissions: ['https://*/*', 'http://*/*'] }),
    commands: {
      [browser === 'firefox' ? '_execute_sidebar_action' : '_execute_action']: {
        suggested_key: { default: 'Alt+Shift+D' },
        description: '__MSG_command_open__',
      },
    },
    content_security_policy:
      browser === 'firefox'
        ? "script-src 'self'; object-src 'self'; img-src 'self' data:"
        : { extension_pages: "script-src 'self'; object-src 'self'; img-src 'self' data:" },
    browser_specific_settings:
      browser === 'firefox'
        ? {
            gecko: {
              id: 'deskmate@deskmate.app',
              strict_min_version: '142.0',
              data_collection_permissions: { required: ['none'] },
            },
          }
        : undefined,
  }),
});
