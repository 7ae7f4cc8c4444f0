import { payloadDigest } from '../confirmations';

/**
 * An MCP server's tools are graded by people. What the server says of a tool (its annotations)
 * is its own claim, so it only suggests a grade; a tool is offered or called only under a
 * person's decision made for exactly the definition that is there now (its hash).
 */

/** What a server says a tool is: the parts a person looks at before deciding its grade. */
export interface McpToolDefinition {
  name: string;
  title?: string;
  description?: string;
  inputSchema: unknown;
  annotations?: McpAnnotations;
}

export interface McpAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** The grades a person may give an outside tool: never `write` (nothing of it is local and undoable). */
export type McpGrade = 'read' | 'send';

/** A person's decision on one tool: off (neither offered nor callable), read or send. */
export type McpChoice = 'off' | McpGrade;

export interface McpDecision {
  /** The hash of the definition it was made for: another definition is not covered by it. */
  hash: string;
  choice: McpChoice;
  by: 'agent' | 'policy';
  at: number;
}

/**
 * Where a tool stands: `new` (nobody decided yet), `changed` (decided for another definition:
 * needs a look), or the decision in force.
 */
export type McpToolStanding = 'new' | 'changed' | McpChoice;

/** `readOnlyHint: true` suggests read; anything else (absent, false) suggests send: the unsafe side is the default. */
export const suggestedGrade = (definition: Pick<McpToolDefinition, 'annotations'>): McpGrade =>
  definition.annotations?.readOnlyHint === true ? 'read' : 'send';

/**
 * The hash of what a person decides on: name, title, description, input schema and annotations,
 * as canonical JSON (key order does not count, any change of content does).
 */
export function definitionHash(definition: McpToolDefinition): Promise<string> {
  return payloadDigest({
    name: definition.name,
    title: definition.title ?? null,
    description: definition.description ?? null,
    inputSchema: definition.inputSchema ?? null,
    annotations: definition.annotations ?? null,
  });
}

/**
 * The hash of an organisation's decision: the policy grades a tool by its name, so it holds for
 * whatever definition the server lists under it (the admin chose to trust that server).
 */
export const ANY_DEFINITION = '*';

/** Where a tool of this hash stands under a decision (or none). */
export function standingOf(hash: string, decision: McpDecision | undefined): McpToolStanding {
  if (!decision) return 'new';
  if (decision.hash !== hash && !(decision.by === 'policy' && decision.hash === ANY_DEFINITION)) return 'changed';
  return decision.choice;
}
