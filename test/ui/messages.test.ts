import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getMessage, MESSAGES } from '../fakes/i18n';

interface Message {
  message: string;
  placeholders?: Record<string, { content: string }>;
}

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });

/** Every file that can put words on screen: the pages, the helpers they share, the picker's bar. */
const source = [...files('src'), ...files('entrypoints'), 'wxt.config.ts']
  .filter((f) => /\.(ts|tsx)$/.test(f))
  .map((f) => readFileSync(f, 'utf8'))
  .join('\n');
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
  ...['textarea', 'contenteditable', 'iframe'].map((k) => `teach_found_editor_${k}`),
  ...['info', 'warn', 'error'].map((l) => `diagnostics_level_${l}`),
  'note_no_add',
  'lang_tag',
  ...['ticket_read', 'kb_search', 'reply_propose', 'page_read', 'selection_read'].flatMap((tool) => [`trace_${tool}_running`, `trace_${tool}_verb`]),
  ...['ticket_read', 'reply_fill', 'reply_send', 'note_add', 'page_read', 'selection_read'].flatMap((tool) => [`page_tool_${tool}`, `page_tool_${tool}_desc`, `page_can_${tool}`]),
  'page_tool_reply_fill_any',
  ...['prepare', 'confirm', 'refuse', 'cancel', 'sent', 'failed', 'unknown', 'write', 'attempt', 'acknowledge'].map((k) => `audit_happened_${k}`),
  ...['reply_send', 'note_add', 'reply_fill'].map((tool) => `audit_tool_${tool}`),
  'page_tool_reply_fill_desc_any',
  'page_can_reply_fill_any',
  ...['permission', 'network', 'status', 'too_large', 'not_kb', 'redirect', 'web_page'].map((c) => `kb_sync_error_${c}`),
  ...['auth', 'not_found', 'rate_limited', 'server', 'unreachable', 'permission', 'bad_request', 'not_openai', 'unknown'].map((k) => `chat_error_${k}`),
  ...['system', 'user', 'assistant', 'tool'].map((r) => `outbound_role_${r}`),
];

const LOCALES_DIR = 'public/_locales';
const LOCALES = readdirSync(LOCALES_DIR).sort();
const locale = (name: string) => JSON.parse(readFileSync(join(LOCALES_DIR, name, 'messages.json'), 'utf8')) as Record<string, Message>;

/** The keys the code asks for: `t('key')`, `__MSG_key__`, and the run-time names above. */
const usedKeys = [
  ...new Set([
    ...[...source.matchAll(/\bt\(\s*'([^']+)'/g)].map((m) => m[1]!),
    ...[...source.matchAll(/__MSG_([A-Za-z0-9_]+)__/g)].map((m) => m[1]!),
    ...DYNAMIC,
  ]),
];
/** Prefixes of keys built from a template (`t(\`quick_${action}\`)`): each must name some key. */
const templatePrefixes = [...new Set([...source.matchAll(/\bt\(\s*`([a-z_]+)\$\{/g)].map((m) => m[1]!))];

/** What a message's substitutions must agree on across locales: names used and where each comes from. */
const placeholderShape = (m: Message) => ({
  used: [...new Set([...m.message.matchAll(/\$([a-z0-9_]+)\$/gi)].map((x) => x[1]!.toLowerCase()))].sort(),
  defined: Object.fromEntries(Object.entries(m.placeholders ?? {}).map(([k, v]) => [k.toLowerCase(), v.content])),
});

/** Messages a translation may keep as they are in English: names, codes and the locale tag. */
const SAME_IN_EVERY_LANGUAGE = new Set(['extName', 'lang_tag', 'preset_openai', 'review_kind_iban', 'diagnostics_repeated']);

describe('UI messages', () => {
  it('has English and Simplified Chinese', () => {
    expect(LOCALES).toEqual(expect.arrayContaining(['en', 'zh_CN']));
  });

  it.each(LOCALES)('%s has a message for every key the code uses', (name) => {
    const messages = locale(name);
    expect(usedKeys.filter((k) => !messages[k]?.message)).toEqual([]);
    expect(templatePrefixes.filter((p) => !Object.keys(messages).some((k) => k.startsWith(p)))).toEqual([]);
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s has exactly the keys English has', (name) => {
    const messages = locale(name);
    expect({ missing: Object.keys(MESSAGES).filter((k) => !(k in messages)), extra: Object.keys(messages).filter((k) => !(k in MESSAGES)) }).toEqual({
      missing: [],
      extra: [],
    });
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s uses the same placeholders as English in every message', (name) => {
    const messages = locale(name);
    const differ = Object.keys(MESSAGES).filter(
      (k) => messages[k] && JSON.stringify(placeholderShape(messages[k])) !== JSON.stringify(placeholderShape(MESSAGES[k]!)),
    );
    expect(differ).toEqual([]);
  });

  it('zh_CN is translated: every message but names and codes holds Chinese text', () => {
    const zh = locale('zh_CN');
    const untranslated = Object.entries(zh).filter(([k, m]) => !SAME_IN_EVERY_LANGUAGE.has(k) && !/[\u4e00-\u9fff]/.test(m.message));
    expect(untranslated.map(([k]) => k)).toEqual([]);
    expect(zh.lang_tag?.message).toBe('zh-CN');
  });

  it('uses only keys Chrome accepts, and keeps the manifest strings', () => {
    for (const name of LOCALES) expect(Object.keys(locale(name)).filter((k) => !/^[A-Za-z0-9_]+$/.test(k)), name).toEqual([]);
    expect(MESSAGES.extName && MESSAGES.extDescription).toBeTruthy();
  });

  it('fills placeholders', () => {
    expect(getMessage('confirm_refused', 'expired')).toBe('Not sent: expired');
    for (const name of LOCALES)
      for (const [key, entry] of Object.entries(locale(name))) {
        const names = [...entry.message.matchAll(/\$([a-z0-9_]+)\$/gi)].map((m) => m[1]!.toLowerCase());
        expect(names.filter((n) => !entry.placeholders?.[n]), `${name} ${key}`).toEqual([]);
      }
  });
});
