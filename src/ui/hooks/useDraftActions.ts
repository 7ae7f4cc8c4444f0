import { useEffect, useState } from 'preact/hooks';
import type { ToolResult } from '../../core';
import { isToolErrorCode } from '../../core/tool-errors';
import { RequestError, request } from '../client';
import type { ViewState } from '../../shared/protocol';
import { errorText } from '../format';
import type { Confirmations } from './useConfirmations';
import { shownPayload, type ConfirmCardModel } from '../confirm-state';
import { fail } from '../../core/results';
import { typed } from '../typed';
import type { TicketRef } from '../../shared/ticket';

/** What a card in the chat can do with its text: insert it, send it, or post it as an internal note. */
export type DraftTool = 'reply.fill' | 'reply.send' | 'note.add';

export interface DraftActions {
  /** Why the bound page does not offer a draft's tool (a message key), or null when it does. */
  blocked(tool: DraftTool): string | null;
  /**
   * Runs the tool with the text the person sees; a prepared send opens its confirm card, for the
   * draft's ticket (`home`). `anyway`: the agent chose to insert a draft written for another
   * ticket into this one's reply box (a send never goes elsewhere: the background refuses it).
   */
  run(callId: string, tool: DraftTool, body: string, home: TicketRef | null, anyway?: boolean): Promise<ToolResult>;
  /** "Send again" on a card that says when it was sent: its own payload, prepared anew, on its own ticket only. */
  resend(card: ConfirmCardModel, callId?: string): Promise<ToolResult>;
  /** The draft (its call id) whose Send… opened each confirmation. */
  owner: Record<string, string>;
}

/** The buttons of the draft cards: human clicks, never the model's. */
export function useDraftActions(tabId: number | null | undefined, view: ViewState | null, confirms: Confirmations): DraftActions {
  const [owner, setOwner] = useState<Record<string, string>>({});
  useEffect(() => setOwner({}), [tabId]);

  const blocked = (tool: DraftTool) => {
    if (!view?.page) return 'draft_no_page';
    if (view.tools.some((x) => x.name === tool)) return null;
    const off = tool === 'reply.fill' ? view.site?.write === false : view.site?.send === false;
    return off ? 'draft_switched_off' : tool === 'reply.fill' ? 'draft_no_fill' : tool === 'note.add' ? 'note_no_add' : 'draft_no_send';
  };

  const invoke = async (tool: string, body: string, callId: string | undefined, home: TicketRef | null, flags: { anyway?: boolean; again?: string }): Promise<ToolResult> => {
    if (tabId === null || tabId === undefined) return fail('no_tab', 'No tab.');
    let result: ToolResult;
    // What was typed (this draft's last edit among it) is applied before the tool reads the draft.
    await typed.flush();
    try {
      // The draft is named, so the background can hold back one written under attack until
      // acknowledged, or for another ticket until the agent chose to use it here.
      result = await request('tool.invoke', { tabId, tool, input: { body }, ...(callId ? { draft: callId } : {}), ...flags });
    } catch (e) {
      result = fail(e instanceof RequestError && isToolErrorCode(e.code) ? e.code : 'internal', errorText(e));
    }
    const id = result.ok ? result.confirmation?.id : undefined;
    if (id) {
      if (callId) setOwner((o) => ({ ...o, [id]: callId }));
      if (home) confirms.open(tool, result, home);
    }
    return result;
  };

  const run = (callId: string, tool: DraftTool, body: string, home: TicketRef | null, anyway = false) => invoke(tool, body, callId, home, anyway ? { anyway } : {});
  // The background takes the text from the card's record, and refuses it for another ticket.
  const resend = (card: ConfirmCardModel, callId?: string) => invoke(card.tool, shownPayload(card.payload)?.body ?? '', callId, card.home, { again: card.id });

  return { blocked, run, resend, owner };
}
