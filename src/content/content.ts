import { browser } from 'wxt/browser';
import type { Adapter, AdapterPage } from '../sites/adapter';
import { trackFocus } from '../sites/dom/focus-memory';
import type { Recipe } from '../shared/recipe-format';
import { recipePage } from '../sites/recipes/recipe-page';
import type { ToolsPart } from '../sites/tools-part';
import { answer, reportDelivery, type Current } from './page-calls';
import type { PageCall } from '../shared/protocol';
import { fail } from '../core/results';
import { ContentScriptContext } from 'wxt/utils/content-script-context';
import type { TeachMode, TeachPart } from './teach-content';
import type { TeachStep } from '../shared/teach';
import type { RecipesPart } from './recipe-highlight';
import { contentPart, setContentPartLoader } from '../sites/content-parts';
import type { ContentPartName } from '../shared/content-parts';

/** Detection runs at most this often however busy the page is (DOM changes, route changes). */
export const LOOK_DEBOUNCE_MS = 150;

/** What the content script needs of WXT's ContentScriptContext (the tests build a real one). */
export type ScriptContext = Pick<ContentScriptContext, 'onInvalidated' | 'setTimeout' | 'addEventListener' | 'isValid'>;

/**
 * The content script: finds the adapter for this page, tells the background which ticket
 * the page shows (again whenever that changes, single-page navigation included), and runs
 * the page tools the background asks for. It declares no tools: the background has its own
 * copy of the definitions. At load it holds each adapter's detection only (src/sites/pages.ts);
 * the tools load with the tools part the first time the background runs one in this tab.
 *
 * It lives as long as its context: when the extension is updated or reloaded, or a newer copy
 * of this script starts in the page ("Enable on this site" injects into open tabs), the context
 * is invalidated and everything stops: no timer, observer or listener is left behind to retry
 * messages, and only the newest copy answers the background.
 */
export function startContentScript(codeAdapters: readonly AdapterPage[], ctx: ScriptContext, newContext: () => ScriptContext = () => new ContentScriptContext('content')): void {
  const self = Symbol('deskmate content script');
  const live = globalThis as { __deskmateContent?: symbol };
  live.__deskmateContent = self;
  // The page can fake the signal a newer copy sends (a DOM event any script can dispatch). Only
  // two things really end this copy: the extension went away (an update, a reload: no runtime
  // id), or a newer copy started in this same isolated world, where no page script reaches.
  // Anything else was the page: carry on under a fresh context.
  ctx.onInvalidated(() =>
    setTimeout(() => {
      if (browser.runtime?.id && live.__deskmateContent === self) startContentScript(codeAdapters, newContext(), newContext);
    }, 0),
  );
  setContentPartLoader(askForPart);
  run(codeAdapters, ctx);
}

/** The background runs a part's script in this tab; it names the part, never a file. */
async function askForPart(part: ContentPartName): Promise<void> {
  const answer = (await browser.runtime.sendMessage({ type: 'content.part', part })) as { ok: boolean; value?: { ok: boolean; error?: string }; error?: string } | undefined;
  if (!answer?.ok || !answer.value?.ok) throw new Error(answer?.value?.error ?? answer?.error ?? `Could not load the ${part} part of Deskmate.`);
}

function run(codeAdapters: readonly AdapterPage[], ctx: ScriptContext): void {
  let announced: string | undefined;
  let current: Current | null = null;
  // The site's recipe, from the background only (never from the page), goes before the code
  // adapters. `told`: whether the background said the site has one (undefined: not asked yet).
  // It comes with the answer to the first announce, or from recipe.get when the recipe changes.
  // The recipe check loads only on a site that has a recipe of its own; until it has checked
  // the recipe, the page is looked at as before (a later recipe wins over an earlier one).
  let adapters = codeAdapters;
  let told: boolean | undefined;
  let given = 0;
  // The recipe each recipe page was made from, for its tools.
  const recipeOf = new WeakMap<AdapterPage, Recipe>();
  const useRecipe = async (value: unknown) => {
    const seq = ++given;
    const has = value !== null && value !== undefined;
    const recipe = has ? await checkedRecipe(value) : null;
    if (seq !== given) return;
    told = has;
    const page = recipe && recipePage(recipe);
    if (page) recipeOf.set(page, recipe);
    adapters = page ? [page, ...codeAdapters] : codeAdapters;
  };
  /** The adapter with its tools, from the tools part (loaded the first time). */
  const withTools = async (page: AdapterPage): Promise<{ adapter: Adapter | null; part: ToolsPart }> => {
    const part = await contentPart<ToolsPart>('tools');
    const recipe = recipeOf.get(page);
    return { adapter: recipe ? part.recipeAdapter(recipe) : part.adapter(page.id), part };
  };
  const loadRecipe = async () => useRecipe(await ownRecipe());

  /** Announces the page when it changed; settles once the background has answered. */
  const look = (force = false): Promise<void> => {
    if (!ctx.isValid) return Promise.resolve();
    const url = new URL(location.href);
    const adapter = adapters.find((a) => safe(() => a.detect(url, document), false)) ?? null;
    const ticket = adapter ? safe(() => adapter.ticket(url, document), null) : null;
    current = adapter ? { adapter, ticket } : null;
    // A page no adapter knows may still be one its site's recipe knows.
    if (!adapter && told === undefined) return loadRecipe().then(() => (told === true ? look(true) : undefined));
    const key = adapter ? `${adapter.id} ${ticket?.key ?? ''} ${url.href}` : '';
    if (!adapter || (!force && key === announced)) return Promise.resolve();
    announced = key;
    return browser.runtime.sendMessage({ type: 'page.announce', adapterId: adapter.id, url: url.href, ticket, withRecipe: told === true }).then(
      (answer: unknown) => {
        const recipe = (answer as { value?: { recipe?: unknown } } | undefined)?.value?.recipe;
        if (recipe === undefined) return;
        // The site's recipe is not what this look went by: nothing was recorded; look again with it.
        // Returned: the first look settles with the page seen under the recipe (reportDelivery waits for it).
        return useRecipe(recipe).then(() => look(true));
      },
      () => {
        announced = undefined; // the worker was waking up; try again at the next look
      },
    );
  };
  // A busy page changes its DOM many times a second: look once after a quiet moment, not per change.
  let pending = false;
  const lookSoon = () => {
    if (pending) return;
    pending = true;
    ctx.setTimeout(() => {
      pending = false;
      look();
    }, LOOK_DEBOUNCE_MS);
  };

  const onMessage = (message: unknown) => {
    const call = message as PageCall;
    if (call?.type === 'page.announce-again') {
      void look(true);
      return undefined;
    }
    if (call?.type === 'page.teach') {
      // Nothing to hide where teach mode never loaded.
      if (call.step || teachLoad) void teachMode().then((teach) => teach.show(call.step, call.messages), unloaded);
      return undefined;
    }
    if (call?.type === 'page.teach-read') return teachMode().then((teach) => teach.read(call.recipe), (e: unknown) => (unloaded(), fail('tool_failed', e instanceof Error ? e.message : String(e))));
    if (call?.type === 'page.highlight-recipe') {
      return checkedRecipe(call.recipe).then(async (recipe) => (recipe ? (await contentPart<RecipesPart>('recipes')).highlightRecipe(recipe) : null));
    }
    if (call?.type === 'page.recipe-changed') {
      void loadRecipe().then(() => look(true));
      return undefined;
    }
    if (call?.type === 'page.ping') return Promise.resolve({ ok: true });
    if (call?.type === 'page.copies') {
      // The sent ticket's adapter, which need not be this page's (a mailbox folder after "send and next").
      const page = adapters.find((a) => a.id === call.adapterId);
      const unknown = fail('unknown_tool', 'This page does not know that helpdesk.');
      if (!page) return Promise.resolve(unknown);
      return withTools(page).then(
        ({ adapter, part }) => (adapter ? part.countCopies(adapter, document, call.query) : unknown),
        (e: unknown) => fail('tool_failed', e instanceof Error ? e.message : String(e)),
      );
    }
    if (call?.type !== 'page.run' && call?.type !== 'page.deliver') return undefined;
    void look();
    return answer(call, current, withTools);
  };
  browser.runtime.onMessage.addListener(onMessage);
  ctx.onInvalidated(() => browser.runtime.onMessage.removeListener(onMessage));

  // Insert goes where the agent last clicked or typed.
  ctx.onInvalidated(trackFocus(document));
  // Teach mode loads when the background starts teaching in this tab, or at load when a session
  // is on here (the agent goes on from the reply page, say): no page load parses it otherwise.
  let teachLoad: Promise<TeachMode> | undefined;
  const teachMode = () => (teachLoad ??= contentPart<TeachPart>('teach').then((part) => part.createTeachMode(document)));
  const unloaded = () => void (teachLoad = undefined);
  void teachState().then((state) => state?.step && teachMode().then((teach) => teach.show(state.step, state.messages), unloaded));
  ctx.onInvalidated(() => void teachLoad?.then((teach) => teach.show(null, null), unloaded));
  // The first look's answer brings the site's recipe when it has one; by then `current` is the
  // adapter the page is served by.
  void look().finally(() => reportDelivery(current, withTools));
  // Route changes without a page load (pushState, the Navigation API) and DOM changes (a ticket
  // rendered in place, a thread loaded after the page) both lead to one debounced look.
  ctx.addEventListener(window, 'wxt:locationchange', lookSoon);
  ctx.addEventListener(window, 'popstate', lookSoon);
  const observer = new MutationObserver(lookSoon);
  observer.observe(document.documentElement, { childList: true, subtree: true });
  ctx.onInvalidated(() => observer.disconnect());
}

/** The step of this tab's teach session on this site, if one is on (the background's word). */
async function teachState(): Promise<{ step: TeachStep | null; messages: string | null } | null> {
  const answer = (await browser.runtime.sendMessage({ type: 'teach.state' }).catch(() => null)) as { ok: boolean; value?: { step: TeachStep | null; messages: string | null } | null } | null;
  return answer?.ok ? (answer.value ?? null) : null;
}

/** This site's recipe as the background keeps it (after a change), or null. */
async function ownRecipe(): Promise<unknown> {
  try {
    const answer = (await browser.runtime.sendMessage({ type: 'recipe.get' })) as { ok: boolean; value?: unknown };
    return answer?.ok ? (answer.value ?? null) : null;
  } catch {
    return null;
  }
}

/** A recipe the background gave, checked again here, for this page's own site only; or null. */
async function checkedRecipe(given: unknown): Promise<Recipe | null> {
  const part = await contentPart<RecipesPart>('recipes').catch(() => null);
  const check = part?.checkRecipe(given, (selector) => safe(() => (document.createDocumentFragment().querySelector(selector), true), false));
  return check?.ok && check.recipe.site === location.origin ? check.recipe : null;
}

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}
