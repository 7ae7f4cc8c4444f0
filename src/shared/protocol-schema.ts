import type { JsonSchema } from '../core';
import type { RequestType, SenderKind } from './protocol';
import type { ReplyPayload } from './ticket';
import { TEACH_CHOICE_SCHEMA, TEACH_STEPS } from './teach';
import { UNSENT_FIELD_SCHEMA } from './typed';
import { CONTENT_PART_NAMES } from './content-parts';

// The runtime side of the request protocol: for each request, who may send it and the schema
// the router validates it against (the types are in `protocol.ts`).

const str = { type: 'string', minLength: 1, maxLength: 2048 } as const;
const tabId = { type: 'integer', minimum: 0 } as const;
const text = { type: 'string', maxLength: 2048 } as const;
const none: JsonSchema = { type: 'object', properties: {}, additionalProperties: false };
const ticket = {
  type: 'object',
  properties: { key: str, label: { type: 'string', maxLength: 200 } },
  required: ['key', 'label'],
  additionalProperties: false,
} as const;

const modelSettings = {
  type: 'object',
  properties: {
    preset: { type: 'string', enum: ['demo', 'openai', 'ollama', 'custom'] },
    baseURL: { type: 'string', maxLength: 2048 },
    apiKey: { type: 'string', maxLength: 4096 },
    model: { type: 'string', maxLength: 256 },
    maskPersonalData: { type: 'boolean' },
  },
  required: ['preset', 'baseURL', 'apiKey', 'model'],
  additionalProperties: false,
} as const;

const obj = (properties: JsonSchema['properties'], required: string[]): JsonSchema => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

/**
 * Every field a send's payload may carry, as the page loaded after a post reports it back: one
 * left out here made every report of such a payload invalid (a reply posted from its own page,
 * `from`, could never be reported as sent), so the type makes a new field fail to compile.
 */
const REPLY_PAYLOAD = {
  site: str,
  ticket: text,
  recipient: text,
  subject: text,
  body: { type: 'string', maxLength: 100_000 },
  effects: { type: 'array', maxItems: 4, items: { type: 'object', properties: { kind: str, to: text }, required: ['kind'], additionalProperties: false } },
  replaces: { type: 'string', maxLength: 100_000 },
  from: text,
} as const satisfies { [K in keyof Required<ReplyPayload>]: unknown };

export const PROTOCOL: { [T in RequestType]: { from: SenderKind; schema: JsonSchema } } = {
  'page.announce': {
    from: 'content',
    // ticket may be null: the page shows no ticket.
    schema: obj({ adapterId: str, url: str, ticket: { ...ticket, type: ['object', 'null'] }, withRecipe: { type: 'boolean' } }, ['adapterId', 'url', 'ticket']),
  },
  'page.delivered': {
    from: 'content',
    schema: obj(
      {
        adapterId: str,
        report: {
          type: 'object',
          properties: {
            tool: { type: 'string', enum: ['reply.send', 'note.add'] },
            payload: { type: 'object', properties: REPLY_PAYLOAD, required: ['site', 'ticket', 'recipient', 'subject', 'body'], additionalProperties: false },
            outcome: { type: 'string', enum: ['sent', 'not_found'] },
            detail: { type: 'string', maxLength: 2000 },
          },
          required: ['tool', 'payload', 'outcome', 'detail'],
          additionalProperties: false,
        },
      },
      ['adapterId', 'report'],
    ),
  },
  'view.get': { from: 'extension', schema: obj({ tabId }, ['tabId']) },
  'tool.invoke': { from: 'extension', schema: obj({ tabId, tool: str, input: {}, draft: { type: 'string', minLength: 1, maxLength: 256 }, anyway: { type: 'boolean' }, again: { type: 'string', minLength: 1, maxLength: 64 } }, ['tabId', 'tool']) },
  'result.part': {
    from: 'extension',
    schema: obj(
      {
        tabId,
        id: { type: 'string', pattern: '^[0-9a-f-]{36}$' },
        from: obj({ index: { type: 'integer', minimum: 0, maximum: 1_000_000 }, start: { type: 'integer', minimum: 0, maximum: 100_000_000 } }, ['index', 'start']),
      },
      ['tabId', 'id', 'from'],
    ),
  },
  'confirm.accept': { from: 'extension', schema: obj({ tabId, id: str, digest: str }, ['tabId', 'id', 'digest']) },
  'confirm.cancel': { from: 'extension', schema: obj({ id: str }, ['id']) },
  'confirm.check': { from: 'extension', schema: obj({ id: str }, ['id']) },
  'confirm.get': { from: 'extension', schema: obj({ id: str }, ['id']) },
  'confirm.review': { from: 'extension', schema: obj({ id: str }, ['id']) },
  'audit.list': { from: 'extension', schema: none },
  'audit.check': { from: 'extension', schema: none },
  'sites.list': { from: 'extension', schema: none },
  'sites.enabled': { from: 'extension', schema: none },
  'sites.enable': { from: 'extension', schema: obj({ origin: str }, ['origin']) },
  'sites.disable': { from: 'extension', schema: obj({ origin: str }, ['origin']) },
  'model.get': { from: 'extension', schema: none },
  'model.set': { from: 'extension', schema: obj({ settings: modelSettings }, ['settings']) },
  'model.test': { from: 'extension', schema: obj({ settings: modelSettings }, ['settings']) },
  'setup.status': { from: 'extension', schema: none },
  'policy.get': { from: 'extension', schema: none },
  'kb.import': {
    from: 'extension',
    schema: obj(
      {
        files: {
          type: 'array',
          maxItems: 50,
          items: {
            type: 'object',
            properties: { name: str, text: { type: 'string', maxLength: 5_000_000 } },
            required: ['name', 'text'],
            additionalProperties: false,
          },
        },
      },
      ['files'],
    ),
  },
  'kb.list': { from: 'extension', schema: none },
  'kb.clear': { from: 'extension', schema: none },
  'kb.article': { from: 'extension', schema: obj({ id: { type: 'string', minLength: 1, maxLength: 200 } }, ['id']) },
  'kbUrl.get': { from: 'extension', schema: none },
  'kbUrl.set': { from: 'extension', schema: obj({ url: text }, ['url']) },
  'kbUrl.sync': { from: 'extension', schema: none },
  'links.trusted': { from: 'extension', schema: obj({ tabId }, ['tabId']) },
  'recipe.get': { from: 'content', schema: none },
  'content.part': { from: 'content', schema: obj({ part: { type: 'string', enum: [...CONTENT_PART_NAMES] } }, ['part']) },
  'recipes.list': { from: 'extension', schema: none },
  // The recipe itself is checked against its own schema by the handler, with field-named errors.
  'recipes.import': { from: 'extension', schema: obj({ recipe: {} }, ['recipe']) },
  'recipes.remove': { from: 'extension', schema: obj({ site: str }, ['site']) },
  'recipes.tested': { from: 'extension', schema: none },
  'recipes.test': { from: 'extension', schema: obj({ tabId }, ['tabId']) },
  // Checked against the recipe's own schema by the handler, as an import is.
  'recipes.highlight': { from: 'extension', schema: obj({ recipe: {} }, ['recipe']) },
  'recipes.builtin': { from: 'extension', schema: none },
  'recipes.works-here': { from: 'extension', schema: obj({ id: str, works: { type: 'boolean' } }, ['id', 'works']) },
  'teach.start': { from: 'extension', schema: obj({ tabId }, ['tabId']) },
  'teach.goto': { from: 'extension', schema: obj({ tabId, step: { type: 'string', enum: [...TEACH_STEPS] } }, ['tabId', 'step']) },
  'teach.cancel': { from: 'extension', schema: obj({ tabId }, ['tabId']) },
  'teach.test': { from: 'extension', schema: obj({ tabId }, ['tabId']) },
  'teach.save': { from: 'extension', schema: obj({ tabId }, ['tabId']) },
  'teach.state': { from: 'content', schema: none },
  'teach.pick': { from: 'content', schema: obj({ step: { type: 'string', enum: [...TEACH_STEPS] }, choice: TEACH_CHOICE_SCHEMA }, ['step', 'choice']) },
  'teach.escape': { from: 'content', schema: none },
  'savedReplies.get': { from: 'extension', schema: none },
  'savedReplies.save': { from: 'extension', schema: obj({ data: {} }, ['data']) },
  'savedReplies.import': { from: 'extension', schema: obj({ data: {} }, ['data']) },
  'savedReplies.preview': { from: 'extension', schema: obj({ tabId, id: { type: 'string', minLength: 1, maxLength: 64 } }, ['tabId', 'id']) },
  'savedReplies.run': { from: 'extension', schema: obj({ tabId, id: { type: 'string', minLength: 1, maxLength: 64 }, body: { type: 'string', minLength: 1, maxLength: 20_000 } }, ['tabId', 'id']) },
  'outbound.list': { from: 'extension', schema: obj({ tabId }, ['tabId']) },
  'instructions.get': { from: 'extension', schema: none },
  'ticketContext.get': { from: 'extension', schema: obj({ tabId }, ['tabId']) },
  'typed.unsent': { from: 'extension', schema: obj({ field: UNSENT_FIELD_SCHEMA }, ['field']) },
  'diagnostics.list': { from: 'extension', schema: none },
  'diagnostics.clear': { from: 'extension', schema: none },
  'mcp.list': { from: 'extension', schema: none },
  'mcp.save': { from: 'extension', schema: obj({ id: { type: 'string', minLength: 1, maxLength: 64 }, name: { type: 'string', maxLength: 80 }, url: str, token: { type: 'string', maxLength: 4096 } }, ['name', 'url']) },
  'mcp.remove': { from: 'extension', schema: obj({ id: { type: 'string', minLength: 1, maxLength: 64 } }, ['id']) },
  'mcp.grade': {
    from: 'extension',
    schema: obj({ id: { type: 'string', minLength: 1, maxLength: 64 }, tool: { type: 'string', minLength: 1, maxLength: 256 }, hash: { type: 'string', pattern: '^[0-9a-f]{64}$' }, choice: { type: 'string', enum: ['off', 'read', 'send'] } }, ['id', 'tool', 'hash', 'choice']),
  },
  'mcp.reconnect': { from: 'extension', schema: obj({ id: { type: 'string', minLength: 1, maxLength: 64 } }, ['id']) },
  'mcp.prepare': { from: 'extension', schema: obj({ tabId, callId: { type: 'string', minLength: 1, maxLength: 256 } }, ['tabId', 'callId']) },
  'mcp.confirm': { from: 'extension', schema: obj({ tabId, id: str, digest: str }, ['tabId', 'id', 'digest']) },
  'mcp.cancel': { from: 'extension', schema: obj({ id: str }, ['id']) },
  'mcp.action': { from: 'extension', schema: obj({ id: str }, ['id']) },
  'sites.set': {
    from: 'extension',
    schema: obj({ origin: str, write: { type: 'boolean' }, send: { type: 'boolean' } }, ['origin', 'write', 'send']),
  },
};
