import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';

// The manifest is declared here once for both browsers; WXT adds the entrypoints.
export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  vite: () => ({ plugins: [preact()] }),
  manifest: ({ browser }) => ({
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    permissions: ['storage', 'tabs', ...(browser === 'firefox' ? [] : ['sidePanel'])],
    action: { default_title: '__MSG_extName__' },
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
