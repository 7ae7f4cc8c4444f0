/**
 * The reply inside a chat answer, for "Use as draft": real models often write "Here is a
 * draft:" and the reply, or put it in a fenced block or between rules. Thinking shown inline
 * (`<think>…</think>`) is never part of it. When no reply stands out, the whole answer is used.
 */
export function draftFromAnswer(answer: string): string {
  const text = answer.replace(/<think>[\s\S]*?<\/think>/gi, '').trim();
  const fenced = /```[^\n]*\n([\s\S]*?)\n```/.exec(text);
  if (fenced?.[1]?.trim()) return fenced[1].trim();
  const ruled = /(?:^|\n)(?:---|\*\*\*|___)[ \t]*\n([\s\S]*?)\n(?:---|\*\*\*|___)[ \t]*(?:\n|$)/.exec(text);
  if (ruled?.[1]?.trim()) return ruled[1].trim();
  const paragraphs = text.split(/\n\s*\n/);
  // An introduction ("… Here is a draft you can copy:") ends with a colon, before the reply.
  const intro = paragraphs.findIndex((p) => /:\s*$/.test(p));
  if (intro >= 0 && intro < paragraphs.length - 1) return paragraphs.slice(intro + 1).join('\n\n').trim();
  return text;
}
