import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** What the headless demo did, step by step, for people (Markdown) and programs (JSON). */
export interface StepRecord {
  name: string;
  title: string;
  startedAt: string;
  /** Since the story started. */
  offsetMs: number;
  durationMs: number;
  ok: boolean;
  error?: string;
  details: Record<string, unknown>;
}

export interface ToolCallRecord {
  tool: string;
  status: string;
  args?: unknown;
  summary?: string;
}

export interface Transcript {
  startedAt: string;
  finishedAt?: string;
  ok: boolean;
  failedStep?: string;
  error?: string;
  environment: Record<string, unknown>;
  steps: StepRecord[];
  typed?: string;
  assistantText?: string;
  toolCalls: ToolCallRecord[];
  draft: { proposed?: string; subject?: string; appended?: string; edited?: string };
  confirm: { fields?: Record<string, string>; body?: string; bodyEqualsEditedDraft?: boolean; state?: string };
  helpdesk: { ticketId?: number; sentForTicket?: number; record?: unknown; textEqualsEditedDraft?: boolean; sentOnce?: boolean };
  /** The order system (MCP): the action card's words and the refunds it made. */
  orders?: { proposal?: string; refunds: unknown[] };
  screenshots: string[];
}

export class StepFailed extends Error {
  constructor(
    readonly step: string,
    message: string,
  ) {
    super(message);
  }
}

export type Step = <T>(name: string, title: string, run: (details: Record<string, unknown>) => Promise<T>) => Promise<T>;

export function createRecorder(environment: Record<string, unknown>) {
  const started = Date.now();
  const transcript: Transcript = {
    startedAt: new Date(started).toISOString(),
    ok: false,
    environment,
    steps: [],
    toolCalls: [],
    draft: {},
    confirm: {},
    helpdesk: {},
    screenshots: [],
  };
  let current: string | null = null;
  const step: Step = async (name, title, run) => {
    const at = Date.now();
    const record: StepRecord = { name, title, startedAt: new Date(at).toISOString(), offsetMs: at - started, durationMs: 0, ok: false, details: {} };
    transcript.steps.push(record);
    current = name;
    process.stdout.write(`  ${name.padEnd(20)} ${title} … `);
    try {
      const value = await run(record.details);
      record.ok = true;
      return value;
    } catch (error) {
      record.error = error instanceof Error ? error.message : String(error);
      throw error instanceof StepFailed ? error : new StepFailed(name, record.error);
    } finally {
      record.durationMs = Date.now() - at;
      process.stdout.write(`${record.ok ? 'ok' : 'FAILED'} (${record.durationMs} ms)\n`);
      current = null;
    }
  };
  return { transcript, step, currentStep: () => current };
}

export async function writeTranscript(dir: string, t: Transcript): Promise<{ json: string; markdown: string }> {
  const json = join(dir, 'transcript.json');
  const markdown = join(dir, 'transcript.md');
  await writeFile(json, `${JSON.stringify(t, null, 2)}\n`);
  await writeFile(markdown, renderMarkdown(t));
  return { json, markdown };
}

const block = (text: string | undefined) => `\`\`\`text\n${text ?? '(none)'}\n\`\`\``;

export function renderMarkdown(t: Transcript): string {
  const lines = [
    '# Deskmate demo transcript',
    '',
    `- Started: ${t.startedAt}; finished: ${t.finishedAt ?? '(did not finish)'}`,
    `- Result: **${t.ok ? 'passed' : `FAILED at step "${t.failedStep}"`}**${t.error ? ` — ${t.error}` : ''}`,
    ...Object.entries(t.environment).map(([k, v]) => `- ${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`),
    '',
    '## Steps',
    '',
    '| # | time (ms) | took (ms) | step | outcome |',
    '|---|---|---|---|---|',
    ...t.steps.map((s, i) => `| ${i + 1} | ${s.offsetMs} | ${s.durationMs} | ${s.name}: ${s.title} | ${s.ok ? 'ok' : `FAILED: ${(s.error ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ')}`} |`),
    '',
    '## Typed into the chat',
    '',
    block(t.typed),
    '',
    '## Tool calls',
    '',
    ...(t.toolCalls.length ? t.toolCalls.map((c) => `- \`${c.tool}\` — ${c.status}${c.args ? ` — arguments \`${JSON.stringify(c.args)}\`` : ''}${c.summary ? ` — ${c.summary}` : ''}`) : ['(none)']),
    '',
    "## The assistant's answer",
    '',
    block(t.assistantText),
    '',
    '## The draft as proposed',
    '',
    ...(t.draft.subject ? [`Subject: ${t.draft.subject}`, ''] : []),
    block(t.draft.proposed),
    '',
    `## The draft as edited (appended: ${JSON.stringify(t.draft.appended ?? '')})`,
    '',
    block(t.draft.edited),
    '',
    `## The confirm card (state: ${t.confirm.state ?? '?'}; body equals the edited draft: ${t.confirm.bodyEqualsEditedDraft ?? '?'})`,
    '',
    ...Object.entries(t.confirm.fields ?? {}).map(([k, v]) => `- ${k}: ${v}`),
    '',
    block(t.confirm.body),
    '',
    `## The helpdesk's record (GET /api/sent; replies for ticket ${t.helpdesk.ticketId ?? '?'}: ${t.helpdesk.sentForTicket ?? '?'}; text equals the edited draft: ${t.helpdesk.textEqualsEditedDraft ?? '?'})`,
    '',
    '```json',
    JSON.stringify(t.helpdesk.record ?? null, null, 2),
    '```',
    '',
    '## Screenshots',
    '',
    ...(t.screenshots.length ? t.screenshots.map((s) => `- ![${s}](${s})`) : ['(none)']),
    '',
    '## Step details',
    '',
    ...t.steps.flatMap((s) => (Object.keys(s.details).length ? [`### ${s.name}`, '', '```json', JSON.stringify(s.details, null, 2), '```', ''] : [])),
  ];
  return `${lines.join('\n')}\n`;
}
