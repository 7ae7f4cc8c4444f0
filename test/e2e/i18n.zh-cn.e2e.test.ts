import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openExtensionPage, openRealSidePanel, type ChromiumHarness } from './harness/chromium';
import { configureChromium, messagesOf, startModel, waitForChat, type ModelForExtension } from './harness/chat';
import { openTicket, showTab, startDemoHelpdesk, TICKET_1, waitIn, type DemoHelpdesk } from './harness/deskmate';
import { ROOT } from './harness/paths';

const zh = JSON.parse(readFileSync(join(ROOT, 'public/_locales/zh_CN/messages.json'), 'utf8')) as Record<string, { message: string }>;
const ZH = (key: string) => zh[key]!.message;

/**
 * Chromium started with --lang=zh-CN (Debian's Chromium 156, headless: the switch alone picks the
 * extension's zh_CN messages; the LANGUAGE variable changes nothing there) shows the sidebar and
 * the options page in Simplified Chinese, and the model is told to answer the agent in Chinese.
 */
describe('i18n.zh-cn: Chromium in Simplified Chinese', () => {
  let chromium: ChromiumHarness;
  let helpdesk: DemoHelpdesk;
  let m: ModelForExtension;

  beforeAll(async () => {
    helpdesk = await startDemoHelpdesk();
    m = await startModel({ chunkDelayMs: 2 });
    chromium = await launchChromium({ extraArgs: ['--lang=zh-CN'] });
    await configureChromium(chromium.context, chromium.extensionId, m);
  });
  afterAll(async () => {
    await chromium?.close();
    await m?.model.close();
    await helpdesk?.close();
  });

  it('shows the options page in Chinese', async () => {
    const options = await openExtensionPage(chromium.context, chromium.extensionId, 'options.html', { timeoutMs: 15_000 });
    await options.waitForSelector('#model-title');
    const shown = await options.evaluate(() => ({
      lang: document.documentElement.lang,
      title: document.title,
      headings: [...document.querySelectorAll('h1, h2')].map((h) => h.textContent?.trim() ?? ''),
      save: document.querySelector('[data-testid=settings-save]')?.textContent?.trim(),
    }));
    expect(shown.lang).toBe('zh-CN');
    expect(shown.title).toBe(ZH('options_title'));
    expect(shown.headings).toEqual(expect.arrayContaining([ZH('settings_title'), ZH('kb_title'), ZH('audit_title')]));
    expect(shown.save).toBe(ZH('settings_save'));
    await options.close();
  });

  it('shows the sidebar in Chinese and the model answers the agent in Chinese', async () => {
    const page = await openTicket(chromium.context, helpdesk, TICKET_1.id);
    const panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    const tabs = await waitIn(
      panel,
      () => {
        const labels = [...document.querySelectorAll('[role="tab"]')].map((t) => t.textContent?.trim() ?? '');
        return labels.length === 3 ? { labels, lang: document.documentElement.lang, placeholder: document.querySelector('[data-testid="chat-input"]')?.getAttribute('placeholder') } : null;
      },
      null,
      'the sidebar tabs',
    );
    expect(tabs).toEqual({ labels: [ZH('tab_chat'), ZH('tab_page'), ZH('tab_audit')], lang: 'zh-CN', placeholder: ZH('chat_placeholder') });

    // The quick action, labelled in Chinese (the demo model understands English requests only).
    const quick = '[data-testid="quick-action"][data-action="draft"]';
    expect((await panel.text(quick)).trim()).toBe(ZH('quick_draft'));
    await panel.click(quick);
    await waitForChat(panel, (v) => !v.running && v.drafts.length === 1, 'the draft card', { timeoutMs: 40_000 });
    const draftTitle = await panel.text('[data-testid="draft-send"]');
    expect(draftTitle.trim()).toBe(ZH('draft_send'));
    const system = messagesOf(m.model.requests()[0])[0]!;
    expect(system.role).toBe('system');
    expect(system.content).toContain("Answer the agent briefly, in the agent's language, Chinese (China) [zh-CN]");

    await showTab(panel, 'Page');
    await panel.waitFor('[data-testid="page-tool"]');
    const grades = await panel.evaluate(() => [...document.querySelectorAll('h2, h3')].map((h) => h.textContent?.trim() ?? ''));
    expect(grades.join('|')).toContain(ZH('grade_read'));
    await panel.close();
    await page.close();
  });
});
