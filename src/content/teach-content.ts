import { browser } from 'wxt/browser';
import type { ToolResult } from '../core';
import { fail } from '../core/results';
import { foundText, type TeachChoices, type TeachStep } from '../shared/teach';
import type { TicketData } from '../shared/ticket';
import { checkRecipe, type Recipe } from '../shared/recipe-check';
import { readTicket, shownTicket } from '../sites/recipes/recipe-read';
import { choiceFor, type Seen } from '../sites/teach/teach-choices';
import { safeQueryAll } from '../sites/teach/teach-selectors';
import { t } from './content-words';
import { createPicker, type Picker } from './teach-picker';

/**
 * Teach mode in the tab: shows the picker for the step the background's session is on and
 * reports each pick. A content part (entrypoints/page-teach.ts): the content script loads it
 * when the background starts teaching in the tab, or a session is on at load (the agent goes on
 * after opening the reply page). Which
 * site and tab a pick is for, the background takes from the browser, not from here.
 */
export function createTeachMode(doc: Document) {
  let picker: Picker | null = null;
  let state: { step: TeachStep; messages: string | null } | null = null;
  // Earlier picks on this page, for the roles step to compare against (gone with the page).
  const seen: Seen = { customer: null, body: null };

  const show = (step: TeachStep | null, messages: string | null) => {
    if (!step) {
      picker?.stop();
      picker = null;
      state = null;
      return;
    }
    state = { step, messages };
    picker ??= createPicker(doc, { onPick: (target) => void pick(target), onCancel: () => void cancel(), cancelLabel: t('teach_cancel_picker') });
    picker.instruct(t(`teach_pick_${step}`));
    picker.mark(messages ? safeQueryAll(doc, messages) : []);
  };

  const pick = async (target: Element) => {
    if (!state || !picker) return;
    const { step, messages } = state;
    const found = choiceFor(step, target, messages, seen);
    if (!found.ok) return picker.say(t(found.reason), 'error');
    const answer = (await browser.runtime.sendMessage({ type: 'teach.pick', step, choice: found.choice }).catch(() => null)) as {
      ok: boolean;
      value?: { ok: boolean; error?: string; step?: TeachStep | null; messages?: string | null };
      error?: string;
    } | null;
    const reply = answer?.ok ? answer.value : { ok: false, error: answer?.error ?? t('teach_no_answer') };
    if (!reply?.ok) return picker?.say(reply?.error ?? t('teach_no_answer'), 'error');
    if ('open' in found.choice) {
      picker?.say(t('teach_opening'), 'found');
      // The agent's own choice of what opens the reply box: let it act, as their click would.
      (target.closest('a[href], button, [role="button"], input') as HTMLElement | null)?.click();
      return;
    }
    if (step === 'message') seen.customer = safeQueryAll(doc, reply.messages ?? '').find((m) => m.contains(target)) ?? null;
    if (step === 'body') seen.body = (found.choice as { selector: string }).selector;
    show(reply.step ?? null, reply.messages ?? null);
    picker?.say(foundText(step, { [step]: found.choice } as TeachChoices, t) ?? '', 'found');
    if (step === 'body' || step === 'author') {
      const selector = (found.choice as { selector: string }).selector;
      picker?.mark(safeQueryAll(doc, messages ?? '').flatMap((m) => safeQueryAll(m, selector).slice(0, 1)));
    }
  };

  const cancel = async () => {
    show(null, null);
    await browser.runtime.sendMessage({ type: 'teach.escape' }).catch(() => undefined);
  };

  return {
    show,
    /** Test: the ticket as ticket.read would return it with the recipe the background built. */
    read(recipe: Recipe): ToolResult<TicketData> {
      const check = checkRecipe(recipe, (selector) => {
        try {
          return doc.createDocumentFragment().querySelector(selector) === null;
        } catch {
          return false;
        }
      });
      if (!check.ok) return fail('invalid_input', check.error);
      const shown = shownTicket(check.recipe)(new URL(doc.location.href), doc);
      if (!shown) return fail('no_ticket', t('teach_test_no_ticket'));
      return { ok: true, data: readTicket(check.recipe, doc, shown.label) };
    },
  };
}

export type TeachMode = ReturnType<typeof createTeachMode>;

/** What the teach part's script registers. */
export interface TeachPart {
  createTeachMode: typeof createTeachMode;
}
