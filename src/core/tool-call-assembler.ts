import type { ModelEvent, ToolCall } from './chat-model';

type ToolCallFragment = Extract<ModelEvent, { type: 'tool_call' }>;

interface Slot {
  index: number;
  id: string;
  name: string;
  arguments: string;
}

/**
 * Puts streamed tool-call fragments back together the way OpenAI streams them: keyed by
 * `index`, `arguments` text appended, `id` and `name` taken when given (as the openai SDK's
 * own accumulator does). Some compatible servers number every call 0 but give each its own
 * id, so a new id at a known index starts a new call.
 */
export function createToolCallAssembler(idPrefix: string) {
  const slots: Slot[] = [];

  const slotFor = (fragment: ToolCallFragment): Slot => {
    const index = Number.isInteger(fragment.index) ? fragment.index : 0;
    const last = slots.findLast((s) => s.index === index);
    if (last && !(fragment.id && last.id && fragment.id !== last.id)) return last;
    const slot: Slot = { index, id: '', name: '', arguments: '' };
    slots.push(slot);
    return slot;
  };

  return {
    add(fragment: ToolCallFragment): void {
      const slot = slotFor(fragment);
      if (typeof fragment.id === 'string' && fragment.id) slot.id = fragment.id;
      if (typeof fragment.name === 'string' && fragment.name) slot.name = fragment.name;
      if (typeof fragment.arguments === 'string') slot.arguments += fragment.arguments;
    },
    /** The calls in the order they began; a call the server gave no id gets one. */
    calls(): ToolCall[] {
      return slots.map((s, i) => ({ id: s.id || `${idPrefix}_${i}`, name: s.name, arguments: s.arguments }));
    },
  };
}
