import { fieldId, isUnsent, TYPED_LIMITS, type TypedField } from '../../shared/typed';
import { MANAGED_ERROR } from '../../shared/policy';
import { instructionsStore, ticketId } from '../chat/instructions-store';
import { savedRepliesItem } from '../storage/items';
import { managedPolicy } from '../access/policy';
import { unsentText } from './unsent-text';

export type Applied = { ok: true } | { ok: false; error: string };

const OK: Applied = { ok: true };
const refuse = (error: string): Applied => ({ ok: false, error });
const isOrigin = (site: string): boolean => {
  try {
    const url = new URL(site);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === site;
  } catch {
    return false;
  }
};

/**
 * Where the text of each kind of field goes, and the checks it passes there. Each resolves
 * once the text is stored, so what the background reads next has it. Extension pages only: the
 * port they come by is open to no content script.
 */
export function typedFields(editDraft: (tabId: number, key: string, callId: string, text: string) => Promise<boolean>, conversationOf: (tabId: number) => Promise<string>) {
  return async (field: TypedField, text: string): Promise<Applied> => {
    const limit = TYPED_LIMITS[field.kind];
    if (text.length > limit) return refuse(`At most ${limit} characters; nothing was lost, shorten the text.`);
    if (isUnsent(field)) {
      await unsentText.set(fieldId(field), text);
      return OK;
    }
    if (field.kind === 'tabQuestion') {
      // The chat box of the conversation the tab shows now: where a sidebar opened on it finds it.
      await unsentText.set(fieldId({ kind: 'question', key: await conversationOf(field.tabId) }), text);
      return OK;
    }
    switch (field.kind) {
      case 'draft':
        return (await editDraft(field.tabId, field.key, field.callId, text)) ? OK : refuse('This draft is no longer in its conversation.');
      case 'ticketContext':
        // Kept for the ticket it was typed for, whatever the tab shows by now.
        if (!isOrigin(field.site)) return refuse('Not a site.');
        await instructionsStore.setTicket(ticketId(field.site, field.ticketKey), text);
        return OK;
      case 'teamInstructions':
        if ((await managedPolicy.get()).teamInstructions !== null) return refuse(MANAGED_ERROR);
        await instructionsStore.setTeam(text);
        return OK;
      case 'agentName':
        await savedRepliesItem.update((old) => ({ value: { ...old, agentName: text }, result: undefined }));
        return OK;
    }
  };
}
