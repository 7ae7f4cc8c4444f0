import type { ToolRegistry } from '../../core';
import type { AdapterInfo } from '../../sites/adapter';
import { PAGE_TOOLS, type PageToolName } from '../../shared/page-tools';
import { createPageToolProxy, type SendToTab } from './page-tool-proxy';
import type { TabPages } from './tab-pages';

/**
 * Keeps the registry's page tools in step with the tabs: each catalogue tool is registered
 * once, scoped to the origins of the tabs whose adapter offers it, and removed when no tab
 * does. Called after every change to the tabs.
 */
export function createPageToolSync(registry: ToolRegistry, pages: TabPages, adapters: readonly AdapterInfo[], send?: SendToTab) {
  let byId = new Map<string, AdapterInfo>();
  let offered = new Map<string, Set<string>>();
  const index = (all: readonly AdapterInfo[]) => {
    byId = new Map(all.map((a) => [a.id, a]));
    offered = new Map(all.map((a) => [a.id, new Set<string>(a.tools)]));
  };
  index(adapters);
  const implementsTool = (adapterId: string, tool: string) => offered.get(adapterId)?.has(tool) ?? false;
  const registered = new Map<PageToolName, { scopes: string; unregister: () => void }>();

  return {
    adapter: (id: string) => byId.get(id),
    implementsTool,
    /** The site recipes' adapters, next to the code adapters (their tools from recipeTools). */
    setRecipes(recipes: readonly AdapterInfo[]): void {
      index([...adapters, ...recipes]);
      this.sync();
    },
    sync(): void {
      for (const name of Object.keys(PAGE_TOOLS) as PageToolName[]) {
        const origins = [...new Set(pages.all().filter((p) => implementsTool(p.adapterId, name)).map((p) => p.origin))].sort();
        const key = origins.join(' ');
        const current = registered.get(name);
        if (current?.scopes === key) continue;
        current?.unregister();
        registered.delete(name);
        if (origins.length === 0) continue;
        const proxy = createPageToolProxy(PAGE_TOOLS[name], origins, pages, implementsTool, send);
        registered.set(name, { scopes: key, unregister: registry.register(proxy) });
      }
    },
  };
}

export type PageToolSync = ReturnType<typeof createPageToolSync>;
