import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Plugin, type Rolldown } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { withoutPreloadHelper } from '../../scripts/build/no-preload-helper';

const root = mkdtempSync(join(tmpdir(), 'deskmate-preload-'));
writeFileSync(join(root, 'index.html'), '<script type="module" src="./main.js"></script>\n');
writeFileSync(join(root, 'main.js'), "document.body.onclick = () => import('./later.js').then((m) => m.show());\n");
writeFileSync(join(root, 'later.js'), 'export const show = () => document.body.append("later");\n');
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The page's JavaScript as a build with the extension's settings makes it. */
async function pageCode(plugins: Plugin[]): Promise<string> {
  const out = (await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins,
    build: { write: false, modulePreload: false, cssCodeSplit: false },
  })) as Rolldown.RolldownOutput;
  return out.output.flatMap((file) => (file.type === 'chunk' ? [file.code] : [])).join('\n');
}

describe('the build without Vite’s preload helper', () => {
  it('leaves dynamic imports as plain imports, where Vite alone bundles its helper', async () => {
    expect(await pageCode([])).toMatch(/modulepreload/);
    const code = await pageCode([withoutPreloadHelper()]);
    expect(code).not.toMatch(/modulepreload|relList/);
    expect(code).toMatch(/import\(.\.\/later-[\w-]+\.js.\)/);
  });

  it('fails a build that gives a dynamic import files to preload, which the stand-in would ignore', () => {
    const plugin = withoutPreloadHelper();
    const errors: string[] = [];
    const context = { error: (message: string) => errors.push(message) };
    const bundle = {
      'page.js': { type: 'chunk', fileName: 'page.js', code: 'const __vite__mapDeps=(i)=>i; __vitePreload(() => import("./x.js"), __vite__mapDeps([0]))' },
      'plain.js': { type: 'chunk', fileName: 'plain.js', code: 'import("./x.js")' },
    };
    (plugin.writeBundle as unknown as (this: typeof context, o: object, b: typeof bundle) => void).call(context, {}, bundle);
    expect(errors).toEqual([expect.stringMatching(/files to preload.*: page\.js$/)]);
  });
});
