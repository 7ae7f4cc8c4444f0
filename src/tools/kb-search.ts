import type { Tool } from '../core';
import type { KbHit } from './knowledge-base';

export type KbSearch = (query: string, limit: number) => Promise<KbHit[]>;

/** `kb.search`: a read tool over the team's saved replies and articles. */
export function createKbSearchTool(search: KbSearch): Tool<{ query: string; limit?: number }, { hits: KbHit[] }> {
  return {
    name: 'kb.search',
    domain: 'kb',
    title: 'Search knowledge base',
    description: "Searches the team's saved replies and articles. Use a few keywords.",
    sideEffect: 'read',
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 1, maxLength: 500 },
        limit: { type: 'integer', minimum: 1, maximum: 10, description: 'Default 2.' },
      },
      required: ['query'],
      additionalProperties: false,
    },
    async run({ query, limit }) {
      return { ok: true, data: { hits: await search(query, limit ?? 2) } };
    },
  };
}
