import type { Tool } from '../core';

export interface ReplyProposal {
  body: string;
  subject?: string;
  /** Ids of the knowledge-base articles the draft uses, as kb.search returned them, and `ticket:<key>` of past tickets read. */
  sources?: string[];
}

/**
 * `reply.propose`: how the model proposes a customer reply. It changes nothing and nobody
 * outside sees it: the sidebar turns the call into a draft card, and only a person's
 * click on that card fills the reply box or opens the confirm step.
 */
export const replyProposeTool: Tool<ReplyProposal, { proposed: true }> = {
  name: 'reply.propose',
  domain: 'reply',
  title: 'Propose a reply',
  description: 'Shows the agent a draft reply to the customer; sends nothing. Call once per draft with the full text.',
  sideEffect: 'read',
  inputSchema: {
    type: 'object',
    properties: {
      body: { type: 'string', minLength: 1, maxLength: 20_000, description: 'Full reply, plain text.' },
      subject: { type: 'string', maxLength: 300 },
      sources: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 200 }, description: 'Ids of the kb.search hits the reply uses, and ticket:<key> of past tickets ticket.read returned.' },
    },
    required: ['body'],
    additionalProperties: false,
  },
  async run() {
    return { ok: true, data: { proposed: true } };
  },
};
