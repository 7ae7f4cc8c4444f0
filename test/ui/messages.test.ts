import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getMessage, MESSAGES } from '../fakes/i18n';

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });

const source = files('src/ui').map((f) => readFileSync(f, 'utf8')).join('\n');
/** Keys built at run time: grade, kind, role and state names, each with its own message. */
const DYNAMIC = [
  ...['read', 'write', 'send'].flatMap((g) => [`grade_${g}`, `grade_${g}_line`, `run_${g}`]),
  'grade_write_off',
  'grade_send_off',
  ...['prepare', 'confirm', 'refuse', 'cancel', 'sent', 'failed', 'unknown', 'write', 'attempt', 'acknowledge'].map((k) => `kind_${k}`),
  ...['customer', 'agent', 'internal', 'system'].map((r) => `role_${r}`),
  ...['sent', 'refused', 'failed'].map((s) => `confirm_${s}`),
  ...['running', 'ok', 'error'].map((s) => `tool_status_${s}`),
  ...['aborted', 'stream_cut', 'length'].map((c) => `chat_cut_${c}`),
  ...['demo', 'openai', 'ollama', 'custom'].map((p) => `preset_${p}`),
  ...['no_page', 'switched_off', 'no_fill', 'no_send'].map((r) => `draft_${r}`),
  'note_no_add',
];

describe('UI messages', () => {
  it('has an English message for every key the UI uses', () => {
    const literal = [...source.matchAll(/\bt\(\s*'([^']+)'/g)].map((m) => m[1]!);
    const missing = [...new Set([...literal, ...DYNAMIC])].filter((k) => !MESSAGES[k]);
    expect(missing).toEqual([]);
  });

  it('uses only keys Chrome accepts, and keeps the manifest strings', () => {
    expect(Object.keys(MESSAGES).filter((k) => !/^[A-Za-z0-9_]+$/.test(k))).toEqual([]);
    expect(MESSAGES.extName && MESSAGES.extDescription).toBeTruthy();
  });

  it('fills placeholders', () => {
    expect(getMessage('confirm_refused', 'expired')).toBe('Not sent: expired');
    for (const [key, entry] of Object.entries(MESSAGES)) {
      const names = [...entry.message.matchAll(/\$([a-z0-9_]+)\$/gi)].map((m) => m[1]!.toLowerCase());
      expect(names.filter((n) => !entry.placeholders?.[n]), key).toEqual([]);
    }
  });
});
