import type { ToolResult } from '../../core';
import { fail } from '../../core/results';
import type { Recipe } from '../../shared/recipe-check';
import { stepDone, TEACH_STEPS, type TeachChoices, type TeachStep, type TeachView } from '../../shared/teach';
import type { TicketData } from '../../shared/ticket';
import type { Handlers } from '../router';
import type { Services } from '../services';
import { ownSession } from './own-session';
import { buildTeachRecipe, ticketPaths } from './teach-recipe';
import type { TeachSession } from './teach-sessions';

type TeachHandlers = Pick<Handlers, 'teach.start' | 'teach.pick' | 'teach.goto' | 'teach.cancel' | 'teach.test' | 'teach.save'>;

/**
 * What the handlers use of the worker's own state, handed in: this code runs as a script of its
 * own (entrypoints/teach.ts), and a copy of a stateful module there would be a second one.
 */
export interface TeachDeps {
  /** Stores a recipe through the same check as an import (recipe-handlers.ts storeRecipe). */
  store(recipe: Recipe): Promise<{ ok: boolean; error?: string; managed?: boolean }>;
  /** Told the answer of a recipe's test: one that read a ticket marks the recipe tested. */
  tested(recipe: Recipe, answer: ToolResult<TicketData> | null): Promise<void>;
  /** A `.catch` for a message to a tab that may find no listener (diagnostics/logger.ts). */
  unlessNoReceiver(where: string, message: string): (error: unknown) => undefined;
}

/** The shapes each step's choice may have: [required fields, optional fields]. */
const SHAPES: Record<TeachStep, [string[], string[]][]> = {
  message: [[['messages', 'count', 'customers', 'subject'], ['role', 'time', 'newestFirst', 'requesterName', 'requesterEmail']]],
  body: [[['selector', 'count', 'of', 'sample'], []]],
  author: [[['selector', 'count', 'of', 'sample'], []]],
  role: [[['role', 'count', 'customers'], []]],
  editor: [[['editor', 'kind'], []], [['open'], []]],
  send: [[['submit', 'label', 'afterPost'], []]],
};

const shapeFits = (step: TeachStep, choice: object) =>
  SHAPES[step].some(([required, optional]) => required.every((f) => f in choice) && Object.keys(choice).every((k) => required.includes(k) || optional.includes(k)));

const pathOf = (url: string | undefined): string | null => {
  try {
    const u = new URL(url ?? '');
    return u.pathname + u.search;
  } catch {
    return null;
  }
};

/** The step after `step` still without a choice, else the first without one, else null. */
const nextStep = (choices: TeachChoices, step: TeachStep): TeachStep | null => {
  const after = TEACH_STEPS.slice(TEACH_STEPS.indexOf(step) + 1);
  return [...after, ...TEACH_STEPS].find((s) => !stepDone(choices, s)) ?? null;
};

export function teachView(session: TeachSession): TeachView {
  const built = buildTeachRecipe(session);
  return {
    site: session.site,
    step: session.step,
    choices: session.choices,
    replyPage: session.choices.editor && session.ticketUrl ? (ticketPaths(session.ticketUrl, session.editorUrl)?.page ?? null) : null,
    complete: built.ok,
    problem: built.ok ? null : built.error,
  };
}

/**
 * Teach mode in the background. The sidebar (an extension page) starts, steers, tests, saves
 * and cancels; the tab's content script reports the agent's picks for the step the session
 * is on, for its own tab and site only. The recipe is built here, from those picks and the
 * browser's word for the pages' addresses, and stored through the same check as an import.
 * (The page's question whether its tab is taught, and Escape: teach-page-handlers.ts.)
 */
export function teachHandlers(s: Services, deps: TeachDeps): TeachHandlers {
  const tell = (tabId: number, step: TeachStep | null, messages: string | null) =>
    s.send(tabId, { type: 'page.teach', step, messages }).catch(deps.unlessNoReceiver('teach', 'Could not tell the tab which step to pick'));
  const changed = (tabId: number) => s.broadcast({ type: 'view.changed', tabId });
  const end = async (tabId: number) => {
    await s.teach.drop(tabId);
    await tell(tabId, null, null);
    changed(tabId);
  };

  return {
    async 'teach.start'({ tabId }) {
      const page = s.pages.get(tabId);
      if (!page || !(await s.allowsOrigin(page.origin))) return { ok: false, error: 'Deskmate is not running on this page.' };
      if (page.adapterId !== 'generic') return { ok: false, error: 'Deskmate knows this helpdesk already.' };
      await s.teach.set({ tabId, site: page.origin, step: 'message', choices: {}, ticketUrl: null, editorUrl: null, open: null });
      await tell(tabId, 'message', null);
      changed(tabId);
      return { ok: true };
    },

    async 'teach.pick'({ step, choice }, sender) {
      const session = await ownSession(s, sender);
      if (!session || session.step !== step) return { ok: false, error: 'Deskmate is not asking for that now.' };
      if (!shapeFits(step, choice)) return { ok: false, error: `That is not an answer to the ${step} step.` };
      const next: TeachSession = { ...session, choices: { ...session.choices } };
      const url = pathOf(sender.url);
      if (step === 'message') {
        next.choices = { message: choice as TeachChoices['message'], editor: session.choices.editor, send: session.choices.send };
        next.ticketUrl = url;
      } else if (step === 'editor' && 'open' in (choice as object)) {
        next.open = (choice as { open: string }).open;
      } else {
        (next.choices as Record<string, unknown>)[step] = choice;
        if (step === 'editor') next.editorUrl = url;
      }
      if (!(step === 'editor' && next.open !== session.open)) next.step = nextStep(next.choices, step);
      // Whatever the page reported must make a valid recipe (a stand-in body until one is chosen).
      const trial = buildTeachRecipe({ ...next, choices: { body: { selector: '*', count: 0, of: 0, sample: [] }, ...next.choices } });
      if (!trial.ok) return { ok: false, error: trial.error };
      await s.teach.set(next);
      changed(session.tabId);
      return { ok: true, step: next.step, messages: next.choices.message?.messages ?? null };
    },

    async 'teach.goto'({ tabId, step }) {
      const session = await s.teach.get(tabId);
      if (!session) return { ok: false };
      await s.teach.set({ ...session, step });
      await tell(tabId, step, session.choices.message?.messages ?? null);
      changed(tabId);
      return { ok: true };
    },

    async 'teach.cancel'({ tabId }) {
      await end(tabId);
      return { ok: true };
    },

    async 'teach.test'({ tabId }): Promise<ToolResult<TicketData>> {
      const session = await s.teach.get(tabId);
      if (!session) return fail('invalid_input', 'No teaching is under way in this tab.');
      const built = buildTeachRecipe(session);
      if (!built.ok) return fail('invalid_input', built.error);
      const answer = (await s.send(tabId, { type: 'page.teach-read', recipe: built.recipe }).catch(() => null)) as ToolResult<TicketData> | null;
      // The recipe Save would store is the one tested: it is not marked "untested" after Save.
      await deps.tested(built.recipe, answer);
      return answer ?? fail('page_error', 'The page did not answer. Reload it and try again.');
    },

    async 'teach.save'({ tabId }) {
      const session = await s.teach.get(tabId);
      if (!session) return { ok: false, error: 'No teaching is under way in this tab.' };
      const built = buildTeachRecipe(session);
      if (!built.ok) return { ok: false, error: built.error };
      const stored = await deps.store(built.recipe);
      if (stored.ok) await end(tabId);
      return stored;
    },
  };
}
