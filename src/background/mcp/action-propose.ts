import { fail, type Tool, type ToolRegistry } from '../../core';
import type { McpActionProposal } from '../../shared/mcp';

/** The most tools the proposal's description lists (each with its server's words, cut). */
const LISTED = 30;

/**
 * `action.propose`: how the model proposes a call of an MCP tool people accepted as send (a
 * refund, a change of address). Like `reply.propose`, it changes nothing and nobody outside sees
 * it: the sidebar shows an action card, and only the agent's click and Confirm make the call.
 * Offered only while some tool is accepted as send.
 */
export function actionProposeTool(actions: ToolRegistry): Tool<McpActionProposal> {
  const tools = actions.list({ sideEffect: 'send' });
  const listed = tools
    .slice(0, LISTED)
    .map((t) => `${t.name}: ${t.description.slice(0, 200)}`)
    .join('; ');
  return {
    name: 'action.propose',
    domain: 'action',
    title: 'Propose an action',
    description: `Shows the agent an action card for one call of an outside system's tool; calls nothing. The agent reviews it and confirms, or not. Tools: ${listed}`,
    sideEffect: 'read',
    inputSchema: {
      type: 'object',
      properties: {
        tool: { type: 'string', enum: tools.map((t) => t.name), description: 'The tool to call.' },
        arguments: { type: 'object', description: "The tool's arguments, exactly as it takes them." },
        summary: { type: 'string', minLength: 1, maxLength: 200, description: 'What it does, in a few words for the agent, e.g. "Refund €149.00 on NW-20931".' },
      },
      required: ['tool', 'arguments', 'summary'],
      additionalProperties: false,
    },
    async run(input, signal, ctx) {
      const tool = actions.get(input.tool);
      if (!tool || tool.sideEffect !== 'send') return fail('unknown_tool', `${input.tool} is not an action the agent accepted.`);
      // The arguments are checked now, on the ticket of the turn, so the card never shows a call the tool would refuse.
      const checked = await tool.run({ arguments: input.arguments }, signal, ctx);
      if (!checked.ok) return checked;
      return { ok: true, data: { proposed: true, note: 'The agent sees an action card; nothing was called.' } };
    },
  };
}
