import type { ModelEvent } from '../chat-model';
import { createToolCallAssembler } from '../tool-call-assembler';
import type { Masker } from './masker';

// The start of a placeholder still being streamed: "[", "[CUST", "[EMAIL_1".
const OPEN_TAIL = /\[[A-Z0-9_]{0,24}$/;

/**
 * Unmasks a model's stream. Text is passed on as it comes, except a possibly unfinished
 * placeholder at its end, held until the next delta completes it. Tool calls are put together
 * and passed on whole, unmasked, before the finish: a placeholder may be split across
 * fragments, and the loop parses only whole arguments anyway.
 */
export function createStreamUnmasker(masker: Masker) {
  let held = '';
  let calls = createToolCallAssembler('masked');
  let hasCalls = false;

  function* flush(): Generator<ModelEvent> {
    if (held) yield { type: 'text', delta: masker.unmask(held) };
    held = '';
    if (!hasCalls) return;
    for (const [index, call] of calls.calls().entries()) {
      yield { type: 'tool_call', index, id: call.id, name: call.name, arguments: unmaskJsonText(call.arguments, masker) };
    }
    calls = createToolCallAssembler('masked');
    hasCalls = false;
  }

  return {
    *push(event: ModelEvent): Generator<ModelEvent> {
      if (event.type === 'text') {
        const text = held + event.delta;
        const tail = OPEN_TAIL.exec(text);
        held = tail ? tail[0] : '';
        const ready = tail ? text.slice(0, tail.index) : text;
        if (ready) yield { type: 'text', delta: masker.unmask(ready) };
      } else if (event.type === 'tool_call') {
        calls.add(event);
        hasCalls = true;
      } else if (event.type === 'finish') {
        yield* flush();
        yield event;
      } else {
        yield event;
      }
    },
    end: flush,
  };
}

/** Arguments with real values: as JSON where they parse, else with each value JSON-escaped. */
function unmaskJsonText(text: string, masker: Masker): string {
  try {
    return JSON.stringify(masker.unmaskValue(JSON.parse(text)));
  } catch {
    return text.replace(/\[[A-Z0-9_]+\]/g, (p) => {
      const real = masker.unmask(p);
      return real === p ? p : JSON.stringify(real).slice(1, -1);
    });
  }
}
