import { describe, expect, it } from 'vitest';
import { formFields, formInput } from '../../src/ui/schema-form';
import { PAGE_TOOLS } from '../../src/shared/page-tools';
import type { JsonSchema } from '../../src/core';

const mixed: JsonSchema = {
  type: 'object',
  properties: {
    title: { type: 'string', maxLength: 80 },
    count: { type: 'integer', description: 'How many' },
    ratio: { type: 'number' },
    urgent: { type: 'boolean' },
    status: { type: 'string', enum: ['open', 'closed'] },
    note: { type: ['string', 'null'], maxLength: 5000 },
  },
  required: ['title', 'count'],
};

describe('formFields', () => {
  it('gives a tool without input no fields', () => {
    expect(formFields(PAGE_TOOLS['page.read'].inputSchema)).toEqual([]);
  });

  it('asks for a body in a required textarea labelled by its description', () => {
    expect(formFields(PAGE_TOOLS['reply.send'].inputSchema)).toEqual([
      { name: 'body', label: 'The reply text (plain text).', kind: 'textarea', required: true, maxLength: 20_000 },
    ]);
  });

  it('maps each type to its input, in schema order, and marks required ones', () => {
    const fields = formFields(mixed);
    expect(fields.map((f) => [f.name, f.kind, f.required])).toEqual([
      ['title', 'text', true],
      ['count', 'number', true],
      ['ratio', 'number', false],
      ['urgent', 'checkbox', false],
      ['status', 'select', false],
      ['note', 'textarea', false],
    ]);
    expect(fields[1]).toMatchObject({ label: 'How many', numeric: true, integer: true });
    expect(fields[4]?.options).toEqual(['open', 'closed']);
  });
});

describe('formInput', () => {
  const form = (entries: [string, string][]) => {
    const data = new FormData();
    for (const [k, v] of entries) data.append(k, v);
    return data;
  };

  it('converts numbers and checkboxes and leaves out empty optional fields', () => {
    const input = formInput(formFields(mixed), form([['title', 'Hi'], ['count', '3'], ['ratio', ''], ['urgent', 'on'], ['status', ''], ['note', '']]));
    expect(input).toEqual({ title: 'Hi', count: 3, urgent: true });
  });

  it('sends a required field even when empty, so the background says why it is refused', () => {
    expect(formInput(formFields(PAGE_TOOLS['reply.fill'].inputSchema), form([['body', '']]))).toEqual({ body: '' });
  });

  it('keeps text exactly as typed', () => {
    const body = '  Hello <b>there</b>\n\nBest,\nSam  ';
    expect(formInput(formFields(PAGE_TOOLS['reply.fill'].inputSchema), form([['body', body]]))).toEqual({ body });
  });
});
