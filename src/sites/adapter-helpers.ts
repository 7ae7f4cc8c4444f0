import type { ToolResult } from '../core';

/** Small pieces every helpdesk adapter needs: results, input, and names on the page. */

export const failed = (code: string, error: string): ToolResult<never> => ({ ok: false, code, error });

/** Impls never throw: a page that breaks an assumption becomes a result with `code`. */
export async function guard<T>(code: string, action: string, run: () => Promise<ToolResult<T>>): Promise<ToolResult<T>> {
  try {
    return await run();
  } catch (e) {
    return failed(code, `${action}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** The text of the first match, whitespace collapsed; '' when there is none. */
export const textOf = (root: ParentNode | null | undefined, selector: string): string =>
  root?.querySelector(selector)?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

/** The `body` of a tool input, or null when it is missing or blank. */
export const bodyOf = (input: unknown): string | null => {
  const body = (input as { body?: unknown } | null)?.body;
  return typeof body === 'string' && body.trim() !== '' ? body : null;
};

/** "Name <email>", or the bare address when the page shows no name. */
export const mailbox = (name: string | null, email: string): string => (name ? `${name} <${email}>` : email);

export const replySubject = (subject: string): string => (/^re:/i.test(subject) ? subject : `Re: ${subject}`);

/** The number at the end of an id like "thread-entry-1234" or "thread-77", or NaN. */
export const idNumber = (id: string | null | undefined): number => Number(/(\d+)$/.exec(id ?? '')?.[1] ?? Number.NaN);

/** Milliseconds left until `deadline` (a Date.now() time), never below `floor`. */
export const remaining = (deadline: number, floor = 0): number => Math.max(floor, deadline - Date.now());
