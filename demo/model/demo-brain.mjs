// @ts-check
/**
 * The demo model's decisions: a fixed walk (read the ticket, search the knowledge base,
 * propose a reply, sum up) driven only by the offered tools and the tool results of this turn.
 * Ticket text is data: it is quoted or restated, and no step is ever taken because it says so.
 */
import { bestHit, errorOf, offeredTools, readTurn, ticketOf } from './conversation.mjs';
import { recall } from './recall.mjs';
import { capturesOf, orderOf, paymentsParagraph, refundProposal } from './orders.mjs';
import { clip, clipSentences, firstName, keywords, requestSentence, restate, sentencesOf } from './text.mjs';
import { closestKeys, pastQuery, teamAnswer } from './past-tickets.mjs';
import { formal, friendlier, noteCard, quickActionOf, shorter, speaksGerman, summaryCard, toGerman } from './quick-actions.mjs';

/** @typedef {{ name: string, arguments: Record<string, unknown> }} ToolCallPlan */
/** @typedef {{ text: string, toolCalls?: undefined } | { text?: undefined, toolCalls: ToolCallPlan[] }} Answer */

const DRAFT_REQUEST =
  /\b(?:draft\w*|repl(?:y|ies|ying)|respond\w*|response|answer\w*|summar\w*|write back)\b|what (?:does|do|did) (?:the )?(?:customer|client|requester|user|they|he|she) (?:want|need|ask)/i;
const IDENTITY = /\b(?:who|what) are you\b|\b(?:which|what) model\b|\bare you (?:an? )?(?:ai|bot|human|real|model|llm)\b/i;

export const DEMO_MODEL_ID = 'deskmate-demo';
/** The id the `fabricateCitation` behaviour cites: an article no knowledge-base search returned. */
export const FABRICATED_SOURCE = 'northwind-policies.md#7';

/**
 * What the demo model answers to a chat request body. With `textAnswers` it never calls
 * reply.propose and writes the draft into its message, as many real models do.
 * @param {any} body @param {import('./script.mjs').Behaviour} [behaviour] @returns {Answer}
 */
export function decide(body, behaviour = {}) {
  const tools = offeredTools(body);
  if (behaviour.textAnswers) tools.delete('reply__propose');
  if (behaviour.noPastTickets) tools.delete('tickets__search');
  const turn = readTurn(body?.messages);
  const quick = quickActionOf(turn.userText);
  if (quick && quick.action !== 'draft') return quickAction(quick, turn, tools);
  // The open ticket's read: the one without a key (past tickets are read by key).
  const ticketResult = turn.outcomes.find((o) => o.name === 'ticket__read' && o.args?.key === undefined)?.outcome ?? turn.results.get('ticket__read');
  const recalled = recall(Array.isArray(body?.messages) ? body.messages : [], tools, turn.called);
  if (recalled) return recalled;
  if (!ticketResult) {
    if (!DRAFT_REQUEST.test(turn.userText)) return { text: chatAnswer(turn.userText) };
    if (!tools.has('ticket__read') || turn.called.has('ticket__read')) return { text: NO_TICKET };
    return call('ticket__read', {});
  }
  if (!ticketResult.ok) {
    return { text: `I could not read the ticket: ${clip(errorOf(ticketResult), 200)}. Open the ticket in this tab and ask me again.` };
  }
  const ticket = ticketOf(ticketResult);
  const request = requestSentence(ticket.customerMessages);
  if (tools.has('kb__search') && !turn.called.has('kb__search')) {
    const lastCustomer = sentencesOf(ticket.customerMessages.at(-1) ?? '').join(' ');
    const query = keywords([ticket.subject, request ?? '', lastCustomer]).join(' ') || 'customer request';
    // The helpdesk's past tickets at the same time, when it offers its search.
    const past = tools.has('tickets__search') && !turn.called.has('tickets__search') && pastQuery(ticket.subject);
    return { toolCalls: [{ name: 'kb__search', arguments: { query } }, ...(past ? [{ name: 'tickets__search', arguments: { query: past, limit: 5 } }] : [])] };
  }
  const keyed = turn.outcomes.filter((o) => o.name === 'ticket__read' && o.args?.key !== undefined);
  if (tools.has('ticket__read') && keyed.length === 0) {
    const keys = closestKeys(turn.results.get('tickets__search'), ticket.number);
    if (keys.length) return { toolCalls: keys.map((key) => ({ name: 'ticket__read', arguments: { key } })) };
  }
  const precedent = keyed.map((o) => teamAnswer(o.outcome)).find((a) => a !== null) ?? null;
  // An order system offered through MCP: the order's captures, before the draft states them.
  const order = orderOf(ticket);
  if (order && tools.has('payments__list') && !turn.called.has('payments__list')) return call('payments__list', { order });
  const payments = order ? capturesOf(turn.results.get('payments__list')) : null;
  const hit = bestHit(turn.results.get('kb__search'));
  const draft = withParagraph(draftReply(ticket, request, hit, precedent), order && payments ? paymentsParagraph(order, payments) : null);
  if (tools.has('reply__propose') && !turn.called.has('reply__propose')) {
    const subject = clip(/^re:/i.test(ticket.subject) ? ticket.subject : `Re: ${ticket.subject}`, 300);
    // It cites the article and the past ticket it answered from; `fabricateCitation` adds one no search returned.
    const sources = [...(hit?.id ? [hit.id] : []), ...(precedent ? [`ticket:${precedent.key}`] : []), ...(behaviour.fabricateCitation ? [FABRICATED_SOURCE] : [])];
    return call('reply__propose', { body: draft, ...(ticket.subject ? { subject } : {}), sources });
  }
  const proposal = turn.results.get('reply__propose');
  if (proposal && !proposal.ok) return { text: `I could not show the draft: ${clip(errorOf(proposal), 200)}.` };
  // A duplicate capture: the refund is proposed for the agent to confirm, never made.
  const refund = order && payments ? refundProposal(order, payments) : null;
  if (refund && tools.has('action__propose') && !turn.called.has('action__propose')) return call('action__propose', refund);
  const proposed = turn.results.get('action__propose')?.ok ? ` I proposed the refund (${refund?.summary}) as an action: review it and confirm it to make it.` : '';
  return { text: summary(ticket, request, hit, proposal ? null : draft, precedent) + proposed };
}

/**
 * A quick action other than Draft: rewrites of the current draft are proposed as the new draft;
 * Summarize, Note, Translate (the ticket, for the agent) and Translate draft read the ticket first.
 * @param {{ action: string, draft: string | null }} quick @param {import('./conversation.mjs').Turn} turn @param {Set<unknown>} tools
 * @returns {Answer}
 */
function quickAction({ action, draft }, turn, tools) {
  if (turn.called.has('reply__propose')) return { text: 'The new draft is in the card above, ready for you to review.' };
  const rewrite = draft && { shorter, formal, friendlier }[/** @type {'shorter'} */ (action)];
  if (rewrite && tools.has('reply__propose')) return call('reply__propose', { body: rewrite(draft) });
  const ticketResult = turn.results.get('ticket__read');
  if (!ticketResult) return tools.has('ticket__read') && !turn.called.has('ticket__read') ? call('ticket__read', {}) : { text: NO_TICKET };
  const ticket = ticketOf(ticketResult);
  if (action === 'summarize') return { text: summaryCard(ticket) };
  if (action === 'note') return { text: noteCard(ticket) };
  // The agent's draft into the customer's language; `translate` is the ticket, for the agent.
  if (action === 'translate_draft' && draft && tools.has('reply__propose')) {
    return call('reply__propose', { body: speaksGerman(ticket.customerMessages) ? toGerman(draft) : draft });
  }
  return { text: `The ticket in English: ${clip(ticket.customerMessages.join(' '), 600)}` };
}

/** @param {string} name @param {Record<string, unknown>} args @returns {Answer} */
const call = (name, args) => ({ toolCalls: [{ name, arguments: args }] });

/**
 * The team's earlier answer comes first when a past ticket had one; the article then backs it, shorter.
 * @param {ReturnType<typeof ticketOf>} ticket @param {string | null} request
 * @param {{ title: string, body: string } | null} hit @param {{ text: string } | null} precedent
 */
function draftReply(ticket, request, hit, precedent = null) {
  const name = firstName(ticket.requesterName);
  const restated = request ? restate(request, null) : ticket.subject ? `You wrote to us about "${clip(ticket.subject, 120)}".` : '';
  const article = hit ? clipSentences(hit.body.replace(/^#+\s+/gm, '').replace(/\n{3,}/g, '\n\n').trim(), precedent ? 300 : 900) : null;
  const answer = [precedent?.text, article].filter(Boolean).join('\n\n') || "I'm looking into this and will get back to you with an update as soon as I can.";
  return [`Hi ${name ?? 'there'},`, `Thank you for your message. ${restated}`.trim(), answer, 'Best regards,'].join('\n\n');
}

/** The draft with a paragraph before its closing line. @param {string} draft @param {string | null} paragraph */
function withParagraph(draft, paragraph) {
  if (!paragraph) return draft;
  const end = draft.lastIndexOf('\n\nBest regards,');
  return end < 0 ? `${draft}\n\n${paragraph}` : `${draft.slice(0, end)}\n\n${paragraph}${draft.slice(end)}`;
}

/**
 * @param {ReturnType<typeof ticketOf>} ticket @param {string | null} request
 * @param {{ title: string } | null} hit @param {string | null} inlineDraft set when reply.propose was not offered
 * @param {{ key: string } | null} [precedent] the past ticket whose answer the draft follows
 */
function summary(ticket, request, hit, inlineDraft, precedent = null) {
  const name = firstName(ticket.requesterName) ?? 'The customer';
  const wants = request ? restate(request, name) : `${name} wrote about "${clip(ticket.subject, 120)}".`;
  const article = hit?.title ? `I based the answer on the knowledge-base article "${clip(hit.title, 80)}".` : 'I found no matching knowledge-base article, so the draft says you are looking into it.';
  const source = precedent ? `I followed how the team answered the same problem in past ticket ${precedent.key}. ${article}` : article;
  if (inlineDraft) return `${wants} ${source} Here is a draft you can copy, edit and send yourself:\n\n${inlineDraft}`;
  return `${wants} ${source} The draft is in the card above, ready for you to review, edit and send; nothing is sent without your confirmation.`;
}

function chatAnswer(/** @type {string} */ userText) {
  if (IDENTITY.test(userText)) {
    return "I'm the Deskmate offline demo model: a scripted stand-in that runs on your machine with no language model behind it, so the whole product can be tried without an API key.";
  }
  return 'This is the Deskmate demo model, a scripted stand-in for a real LLM, so I can only do one thing well: open a ticket and ask me to "draft a reply". I will read the ticket, search the knowledge base and propose a draft for you to review.';
}

const NO_TICKET =
  "I can't see a ticket in this tab. Open a ticket in your helpdesk and ask me again to draft a reply.";
