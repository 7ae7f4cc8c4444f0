import type { ChatMessage, ChatModel, ModelEvent, ModelRequest } from '../chat-model';
import { fenceToolResult } from '../fence';
import { PLACEHOLDER_HELP } from '../system-prompt';
import type { DetectOptions, NumberChecks } from './detect';
import { createMasker, type Masker, type Person } from './masker';
import { parseFenced, peopleInMessages } from './people';
import { createStreamUnmasker } from './stream-unmask';

export interface MaskingOptions extends DetectOptions {
  /** Required: without them phone numbers and IBANs would be guessed by shape alone. */
  checks: NumberChecks;
  /** People known before the conversation reads the ticket (e.g. read up front). */
  people?: readonly Person[];
  /** Sees each request exactly as it goes to the model, after masking. */
  onRequest?: (request: { messages: ChatMessage[] }) => void;
}

/**
 * A model that never sees the personal data of the conversation: every message of every
 * request (instructions, the agent's words, tool results, earlier answers) is masked with
 * placeholders, and what the model streams back is unmasked before anything else sees it. The
 * masker is built anew from the whole conversation on each request; the history only grows, so
 * each value keeps its placeholder for the whole conversation.
 */
export function createMaskingModel(inner: ChatModel, options: MaskingOptions): ChatModel {
  return {
    async *stream(request: ModelRequest): AsyncIterable<ModelEvent> {
      const masker = createMasker(options);
      masker.addPeople([...(options.people ?? []), ...peopleInMessages(request.messages)]);
      const messages = request.messages.map((m) => maskMessage(m, masker));
      options.onRequest?.({ messages });
      const unmasker = createStreamUnmasker(masker);
      for await (const event of inner.stream({ ...request, messages })) yield* unmasker.push(event);
      yield* unmasker.end();
    },
  };
}

export function maskMessage(message: ChatMessage, masker: Masker): ChatMessage {
  switch (message.role) {
    case 'system':
      // Our own line on how placeholders are written is kept whole; everything around it is masked.
      return { ...message, content: message.content.split(PLACEHOLDER_HELP).map((part) => maskText(part, masker)).join(PLACEHOLDER_HELP) };
    case 'user':
      return { ...message, content: maskText(message.content, masker) };
    case 'assistant':
      return {
        ...message,
        content: message.content === null ? null : masker.mask(message.content),
        ...(message.tool_calls ? { tool_calls: message.tool_calls.map((c) => ({ ...c, arguments: maskJsonText(c.arguments, masker) })) } : {}),
      };
    case 'tool': {
      const fenced = parseFenced(message.content);
      const content = fenced ? fenceToolResult(fenced.tool, masker.maskValue(fenced.value)) : masker.mask(message.content);
      return { ...message, content };
    }
  }
}

const FENCES = /<tool_result tool="[^"]*" untrusted="true">\n[\s\S]*?\n<\/tool_result>/g;

/** Text with fenced results in it (context read up front): each fence is masked as JSON, the rest as text. */
function maskText(text: string, masker: Masker): string {
  let out = '';
  let at = 0;
  for (const m of text.matchAll(FENCES)) {
    const fenced = parseFenced(m[0]);
    out += masker.mask(text.slice(at, m.index)) + (fenced ? fenceToolResult(fenced.tool, masker.maskValue(fenced.value)) : masker.mask(m[0]));
    at = m.index + m[0].length;
  }
  return out + masker.mask(text.slice(at));
}

/** JSON text with its strings masked; text that is not JSON is masked as text. */
function maskJsonText(text: string, masker: Masker): string {
  try {
    return JSON.stringify(masker.maskValue(JSON.parse(text)));
  } catch {
    return masker.mask(text);
  }
}
