import { useEffect, useState } from 'preact/hooks';
import type { ViewState } from '../../shared/protocol';

/** What a card in the chat can do with its text: insert it, send it, or post it as an internal note. */
export type DraftTool = 'reply.fill' | 'reply.send' | 'note.add';

export interface DraftActions {
  /** Why the bound page does not offer a draft's tool (a message key), or null when it does. */
  blocked(tool: DraftTool): string | null;
  /** The draft (its call id) whose Send… opened each confirmation. */
  owner: Record<string, string>;
  /** A draft's Send… opened this confirmation (the clicks themselves: draft-actions). */
  own(confirmationId: string, callId: string): void;
}

/** The draft cards' state in the sidebar: which tools the page offers them, and which draft opened which card. */
export function useDraftActions(tabId: number | null | undefined, view: ViewState | null): DraftActions {
  const [owner, setOwner] = useState<Record<string, string>>({});
  useEffect(() => setOwner({}), [tabId]);

  const blocked = (tool: DraftTool) => {
    if (!view?.page) return 'draft_no_page';
    if (view.tools.some((x) => x.name === tool)) return null;
    const off = tool === 'reply.fill' ? view.site?.write === false : view.site?.send === false;
    return off ? 'draft_switched_off' : tool === 'reply.fill' ? 'draft_no_fill' : tool === 'note.add' ? 'note_no_add' : 'draft_no_send';
  };

  return { blocked, owner, own: (id, callId) => setOwner((o) => ({ ...o, [id]: callId })) };
}
