import type { TurnError } from './agent-events';
import type { ChatMessage, ChatModel, ModelRequest } from './chat-model';
import { fenceToolResult } from './fence';

/**
 * Many local models (Ollama's and others) refuse any request that offers tools. Their words
 * differ by server; these are the ones seen in the wild.
 */
const REFUSES_TOOLS = /does not support tools|tools? (?:are|is) not supported|not support(?:ed)? (?:for )?(?:tools|function calling|tool calling|tool use)|tool[ _-]?(?:calling|use|choice) is not supported/i;

/** Whether a failed turn is a model refusing to be offered tools at all. */
export const refusesTools = (error: Pick<TurnError, 'kind' | 'message'> | undefined): boolean =>
  !!error && (error.kind === 'bad_request' || error.kind === 'unknown') && REFUSES_TOOLS.test(error.message);

/** A read Deskmate ran itself, for a model asked without tools: the tool's name and its result. */
export interface ContextRead {
  tool: string;
  result: unknown;
}

/** The agent-side message that hands the reads to the model, each fenced as untrusted data as usual. */
export function contextMessage(reads: readonly ContextRead[]): string {
  return [
    'Deskmate read this for the request that follows (this model is asked without tools):',
    ...reads.map((r) => fenceToolResult(r.tool, r.result)),
  ].join('\n');
}

/**
 * Context mode: the model gets no tools, and the reads done up front go in just before the
 * agent's newest message, on every request of the turn. They are not kept in the
 * conversation: the next turn reads the page again.
 */
export function createContextModel(inner: ChatModel, context: string): ChatModel {
  return {
    stream(request: ModelRequest) {
      const messages: ChatMessage[] = [...request.messages];
      let last = messages.length - 1;
      while (last >= 0 && messages[last]!.role !== 'user') last--;
      messages.splice(last < 0 ? messages.length : last, 0, { role: 'user', content: context });
      return inner.stream({ ...request, messages, tools: [] });
    },
  };
}
