import type { checkRecipe, Recipe, RecipeReply } from '../shared/recipe-check';
import type { RecipeControl, RecipeHighlight } from '../shared/protocol';
import { noteIsReply } from '../sites/recipes/recipe-roles';

/**
 * Before a recipe is applied, the agent sees on a live page what it would type into and click:
 * each control it names is outlined with its role in words (the reply box the customer gets,
 * the note box only the team sees, the controls that post them). Drawn in a closed shadow root
 * the page cannot restyle or read, taken away after a while or at the next call; nothing on
 * the page is clicked, typed into or changed.
 */
const SHOW_MS = 15_000;
const COLOURS = { reply: '#c2410c', note: '#1d4ed8' } as const;
const WORDS: Record<RecipeControl, string> = {
  'reply.editor': 'Reply box: the customer receives what is posted here',
  'reply.submit': 'Posts the reply',
  'reply.open': 'Opens the reply box',
  'note.editor': 'Internal note box: only your team sees it',
  'note.submit': 'Posts the note',
  'note.open': 'Opens the note box',
};

let shown: { host: HTMLElement; timer: ReturnType<typeof setTimeout> } | null = null;

function clear(): void {
  if (!shown) return;
  clearTimeout(shown.timer);
  shown.host.remove();
  shown = null;
}

const safeQuery = (doc: Document, selector: string): Element | null => {
  try {
    return doc.querySelector(selector);
  } catch {
    return null;
  }
};

export function highlightRecipe(recipe: Recipe, doc: Document = document): Omit<RecipeHighlight, 'pages'> {
  clear();
  const host = doc.createElement('deskmate-recipe-outline');
  const root = host.attachShadow({ mode: 'closed' });
  const found: RecipeHighlight['found'] = [];
  const forms: ['reply' | 'note', RecipeReply | undefined][] = [
    ['reply', recipe.reply],
    ['note', recipe.note],
  ];
  for (const [kind, form] of forms) {
    if (!form) continue;
    for (const part of ['open', 'editor', 'submit'] as const) {
      const selector = form[part];
      if (!selector) continue;
      const control = `${kind}.${part}` as RecipeControl;
      const el = safeQuery(doc, selector);
      found.push({ control, found: !!el });
      const box = el?.getBoundingClientRect();
      if (!box || (box.width === 0 && box.height === 0)) continue;
      const frame = doc.createElement('div');
      frame.dataset.control = control;
      frame.style.cssText = `position:fixed;z-index:2147483647;pointer-events:none;left:${box.left - 3}px;top:${box.top - 3}px;width:${box.width + 6}px;height:${box.height + 6}px;border:3px solid ${COLOURS[kind]};border-radius:4px;box-sizing:border-box`;
      const label = doc.createElement('span');
      label.textContent = WORDS[control];
      label.style.cssText = `position:absolute;left:-3px;top:-1.6em;font:12px/1.4 system-ui,sans-serif;background:${COLOURS[kind]};color:#fff;padding:0 6px;border-radius:3px;white-space:nowrap`;
      frame.append(label);
      root.append(frame);
    }
  }
  doc.documentElement.append(host);
  shown = { host, timer: setTimeout(clear, SHOW_MS) };
  return { found, noteIsReply: !!recipe.note && noteIsReply(recipe, recipe.note, doc) };
}

/** What the recipes part registers (entrypoints/page-recipes.ts): the check of a site's recipe, and its highlight. */
export interface RecipesPart {
  checkRecipe: typeof checkRecipe;
  highlightRecipe: typeof highlightRecipe;
}
