import { policyView } from '../../shared/policy';
import { siteAllowedByPolicy } from '../../shared/policy-merge';
import { policyRecipes, syncRecipes } from '../recipes/recipe-handlers';
import type { RecipeStore } from '../recipes/recipe-store';
import type { Handlers } from '../router';
import type { Services } from '../services';
import type { SiteAccess } from './site-access';
import { log } from '../diagnostics/logger';
import { managedPolicy } from './policy';

/** What the pages show as set by the organisation (extension pages only; the router enforces it). */
export function policyHandlers(): Pick<Handlers, 'policy.get'> {
  return {
    async 'policy.get'() {
      const policy = await managedPolicy.get();
      return policyView(policy, policyRecipes(policy).map((r) => r.site));
    },
  };
}

/**
 * A changed policy takes effect at once: the recipes in force, the sites that run, and every
 * open page's view (settings, switches and tools are read with the policy at each use).
 */
let unfollow: (() => void) | undefined;

export function followPolicy(s: Services, access: SiteAccess, recipes: RecipeStore): void {
  // One background per worker: services built again (a test's) replace the ones before.
  unfollow?.();
  unfollow = managedPolicy.onChange((policy) => {
    void (async () => {
      await syncRecipes(s, recipes);
      await access.restore((origin) => siteAllowedByPolicy(origin, policy));
      for (const page of s.pages.all()) if (!(await s.allowsOrigin(page.origin))) await s.pages.drop(page.tabId);
      s.tools.sync();
      s.broadcast({ type: 'settings.changed' });
      s.broadcast({ type: 'view.changed', tabId: null });
    })().catch(log.swallow('policy', 'Could not apply the changed policy', 'error'));
  });
}
