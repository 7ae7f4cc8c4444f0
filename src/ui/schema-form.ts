import type { JsonSchema, JsonSchemaProperty } from '../core';

/** How one property of a tool's input schema is asked for. */
export type FieldKind = 'textarea' | 'text' | 'number' | 'checkbox' | 'select';

export interface FormField {
  name: string;
  /** From the schema: its description, else the property name. */
  label: string;
  kind: FieldKind;
  required: boolean;
  /** The value is a number (a number field, or a select of numbers). */
  numeric?: boolean;
  integer?: boolean;
  options?: string[];
  maxLength?: number;
}

const typeOf = (p: JsonSchemaProperty): string | undefined =>
  Array.isArray(p.type) ? p.type.find((x) => x !== 'null') : (p.type as string | undefined);

function kindOf(name: string, p: JsonSchemaProperty): FieldKind {
  if (p.enum) return 'select';
  const type = typeOf(p);
  if (type === 'boolean') return 'checkbox';
  if (type === 'number' || type === 'integer') return 'number';
  // A message body is written, not typed in a line.
  return name === 'body' || (p.maxLength ?? 0) > 200 ? 'textarea' : 'text';
}

/** The form a tool needs: one field per input property, in schema order. */
export function formFields(schema: JsonSchema): FormField[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, p]) => {
    const field: FormField = { name, label: p.description ?? name, kind: kindOf(name, p), required: required.has(name) };
    const type = typeOf(p);
    if (type === 'number' || type === 'integer') field.numeric = true;
    if (type === 'integer') field.integer = true;
    if (p.enum) field.options = p.enum.map(String);
    if (p.maxLength !== undefined) field.maxLength = p.maxLength;
    return field;
  });
}

/**
 * The tool input from what the form holds. Empty optional fields are left out; a required
 * one goes as typed, so the background's validation gives the reason it is refused.
 */
export function formInput(fields: readonly FormField[], data: FormData): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const f of fields) {
    if (f.kind === 'checkbox') {
      input[f.name] = data.has(f.name);
      continue;
    }
    const raw = data.get(f.name);
    const text = typeof raw === 'string' ? raw : '';
    if (text === '' && !f.required) continue;
    input[f.name] = f.numeric && text !== '' ? Number(text) : text;
  }
  return input;
}
