import { useEffect, useState } from 'preact/hooks';
import type { ToolResult } from '../../core';
import { isToolErrorCode } from '../../core/tool-errors';
import { RequestError, request } from '../../extension/client';
import type { ViewState } from '../../shared/protocol';
import { errorText } from '../format';
import type { Confirmations } from './useConfirmations';
import { fail } from '../../core/results';

/** What a card in the chat can do with its text: insert it, send it, or post it as an internal note. */
export type DraftTool = 'reply.fill' | 'reply.send' | 'note.add';

export interface DraftActions {
  /** Why the bound page does not offer a draft's tool (a message key), or null when it does. */
  blocked(tool: DraftTool): string | null;
  /** Runs the tool with the text the person sees; a prepared send opens its confirm card. */
  run(callId: string, tool: DraftTool, body: string): Promise<ToolResult>;
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

  const run = async (callId: string, tool: DraftTool, body: string): Promise<ToolResult> => {
    if (tabId === null || tabId === undefined) return fail('no_tab', 'No tab.');
    let result: ToolResult;
    try {
      // The draft is named, so the background can hold back one written under attack until acknowledged.
      result = await request('tool.invoke', { tabId, tool, input: { body }, draft: callId });
    } catch (e) {
      result = fail(e instanceof RequestError && isToolErrorCode(e.code) ? e.code : 'internal', errorText(e));
    }
    const id = result.ok ? result.confirmation?.id : undefined;
    if (id) {
      setOwner((o) => ({ ...o, [id]: callId }));
      confirms.open(tool, result);
    }
    return result;
  };

  return { blocked, run, owner };
}
