import type { ToolResult } from '../core';
import { fail } from '../core/results';
import type { TicketRef } from '../shared/ticket';
import type { ConfirmCardModel } from './confirm-state';
import type { Confirmations } from './hooks/useConfirmations';
import type { DraftActions, DraftTool } from './hooks/useDraftActions';
import { invokeTool } from './tool-invoke';
import { typed } from './typed';

/*
 * What a draft card's buttons and a card's "Send again" do: human clicks, never the model's. A
 * button exists only once its card has come, so this comes with the cards' chunks, not in the
 * sidebar's first load; which draft opened which card stays with the draft actions hook.
 */

/** The sidebar a click acts on: the bound tab, its confirm cards, and the drafts' owners. */
export interface DraftClickContext {
  tabId: number | null | undefined;
  confirms: Confirmations;
  drafts: DraftActions;
}

async function invoke(s: DraftClickContext, tool: string, body: string, callId: string | undefined, home: TicketRef | null, flags: { anyway?: boolean; again?: string }): Promise<ToolResult> {
  const { tabId } = s;
  if (tabId === null || tabId === undefined) return fail('no_tab', 'No tab.');
  // What was typed (this draft's last edit among it) is applied before the tool reads the draft.
  await typed.flush();
  // The draft is named, so the background can hold back one written under attack until
  // acknowledged, or for another ticket until the agent chose to use it here.
  const result = await invokeTool({ tabId, tool, input: { body }, ...(callId ? { draft: callId } : {}), ...flags });
  const id = result.ok ? result.confirmation?.id : undefined;
  if (id) {
    if (callId) s.drafts.own(id, callId);
    if (home) s.confirms.open(tool, result, home);
  }
  return result;
}

/**
 * Runs the tool with the text the person sees; a prepared send opens its confirm card, for the
 * draft's ticket (`home`). `anyway`: the agent chose to insert a draft written for another
 * ticket into this one's reply box (a send never goes elsewhere: the background refuses it).
 */
export const runDraftTool = (s: DraftClickContext, callId: string, tool: DraftTool, body: string, home: TicketRef | null, anyway = false): Promise<ToolResult> =>
  invoke(s, tool, body, callId, home, anyway ? { anyway } : {});

/**
 * "Send again" on a card that says when it was sent: its own payload, prepared anew, on its own
 * ticket only. The background takes the text from the card's record (whatever body is asked),
 * and refuses it for another ticket.
 */
export const sendAgain = (s: DraftClickContext, card: ConfirmCardModel, callId?: string): Promise<ToolResult> =>
  invoke(s, card.tool, bodyOf(card.payload), callId, card.home, { again: card.id });

const bodyOf = (payload: unknown): string => {
  const body = (payload as { body?: unknown } | null)?.body;
  return typeof body === 'string' ? body : '';
};
