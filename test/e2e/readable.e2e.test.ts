import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import type { Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, configureChromium, startModel, waitForChat, type ModelForExtension } from './harness/chat';
import { launchChromium, openExtensionPage, openRealSidePanel, tabIdOf, type ChromiumHarness, type SidePanel } from './harness/chromium';
import { chooseFromMenu, clickConfirm, openTicket, pageDriver, sendToBackground, showTab, startDemoHelpdesk, theCard, TICKET_1, TICKET_2, waitIn, type DemoHelpdesk } from './harness/deskmate';
import { keepForDocs, pageScreenshot, panelScreenshot } from './harness/screenshots';
import { poll } from './harness/wait';

/** ISO 8601 in local time with the offset. */
const ISO_LOCAL = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$/;

/**
 * What people read, in real Chromium with the built extension and the demo model: the tool trace
 * in words (the data one click away), Copy onto the real clipboard, button labels readable in
 * every state, an audit log whose entries open to all they recorded and export as JSON and CSV,
 * New chat asking before it discards a draft, and a page that is not a ticket saying what it is.
 */
describe('readable: the trace, the audit log and what agents expect', () => {
  let chromium: ChromiumHarness;
  let helpdesk: DemoHelpdesk;
  let m: ModelForExtension;
  let ticket: Page;
  let side: Page;
  let draftText = '';

  beforeAll(async () => {
    helpdesk = await startDemoHelpdesk();
    m = await startModel({ chunkDelayMs: 1 });
    chromium = await launchChromium();
    await configureChromium(chromium.context, chromium.extensionId, m);
  });
  afterAll(async () => {
    await chromium?.close();
    await m?.model.close();
    await helpdesk?.close();
  });

  it('the trace says in words what the assistant did, and opens to the data', async () => {
    ticket = await openTicket(chromium.context, helpdesk, TICKET_1.id);
    const panel: SidePanel = await openRealSidePanel(chromium.context, chromium.extensionId, ticket);
    await panel.waitFor('[data-testid="ticket-context"]');
    expect(await panel.evaluate(() => (document.querySelector('[data-testid="chat-input"]') as HTMLTextAreaElement).placeholder, null)).toBe('Ask about this ticket…');
    expect(await panel.text('[data-testid="chat-hint"]')).toBe('Enter sends · Shift+Enter new line · Alt+Shift+D opens Deskmate');
    await ask(panel, 'What does the customer want? Draft a reply.');
    await waitForChat(panel, (v) => !v.running && v.drafts.length === 1 && v.assistants.length > 0, 'the draft and the answer', { timeoutMs: 40_000 });

    const lines = await panel.evaluate(
      () =>
        [...document.querySelectorAll<HTMLElement>('[data-testid="tool-call"]')].map((el) => ({
          tool: el.dataset.tool ?? '',
          text: el.querySelector('[data-testid="tool-call-text"]')?.textContent ?? '',
          // What a person sees without opening the line: no data.
          visible: el.querySelector('.trace-head')?.textContent ?? el.textContent ?? '',
        })),
      null,
    );
    const messages = ((await (await fetch(`${helpdesk.url}/api/tickets/${TICKET_1.id}`)).json()) as { messages: unknown[] }).messages.length;
    const of = (tool: string) => lines.find((l) => l.tool === tool)?.text;
    expect(of('ticket.read')).toBe(`Read ticket ${TICKET_1.label} — ${messages} messages`);
    expect(of('kb.search')).toMatch(/^Searched the knowledge base for “[^”]+” — (1 article: “[^”]+”|\d+ articles: “[^”]+”(, “[^”]+”)*)$/);
    expect(of('reply.propose')).toBe('Proposed a draft');
    for (const line of lines) expect(line.visible, line.tool).not.toMatch(/[{}]/);

    await panelScreenshot(chromium.context, panel, 'trace-in-words');
    // Opened, the line shows the data the assistant received.
    await panel.click('[data-testid="tool-call"][data-tool="ticket.read"] .trace-head');
    const raw = await waitIn(
      panel,
      () => {
        const details = document.querySelector<HTMLDetailsElement>('[data-testid="tool-call"][data-tool="ticket.read"]');
        return details?.open ? details.querySelector('[data-testid="tool-call-data"]')?.textContent : undefined;
      },
      null,
      'the ticket read opened to its data',
    );
    expect((JSON.parse(raw) as { number: string }).number).toBe(TICKET_1.label);

    // "The draft is in the card above": the card is above the answer that says so.
    const placed = await panel.evaluate(() => {
      const answers = [...document.querySelectorAll('[data-testid="assistant-message"]')];
      const last = answers.at(-1)!;
      const card = document.querySelector('[data-testid="draft-card"]')!;
      return { text: last.textContent ?? '', above: (card.compareDocumentPosition(last) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0 };
    }, null);
    expect(placed.text).toContain('The draft is in the card above');
    expect(placed.above).toBe(true);
    await panelScreenshot(chromium.context, panel, 'trace-data-open');
    draftText = (await panel.evaluate(() => (document.querySelector('[data-testid="draft-body"]') as HTMLTextAreaElement).value, null)).trim();
    expect(draftText).not.toBe('');
    await panel.close();
  });

  it('Copy puts the draft and the answer on the clipboard', async () => {
    const tabId = await tabIdOf(ticket);
    // Chromium grants no permission to an extension's origin (it is "opaque" to the permission
    // API), so the browser's one clipboard is read back from the helpdesk's tab, which may.
    await chromium.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: helpdesk.url });
    const clipboard = async () => {
      await ticket.bringToFront();
      const text = await ticket.evaluate(() => navigator.clipboard.readText());
      await side.bringToFront();
      return text;
    };
    side = await openExtensionPage(chromium.context, chromium.extensionId, `sidepanel.html?tab=${tabId}`);
    await side.waitForSelector('[data-testid="draft-body"]');
    await side.bringToFront();
    /**
     * Clicks a Copy button and returns what it said: "Copied" shows for a moment only, so every
     * state it takes is recorded as it happens rather than looked for afterwards.
     */
    const copy = async (testId: string): Promise<string> => {
      await side.bringToFront();
      await side.evaluate((id: string) => {
        const button = [...document.querySelectorAll(`[data-testid="${id}"]`)].at(-1)!;
        const seen: string[] = [];
        (window as unknown as { copyStates: string[] }).copyStates = seen;
        new MutationObserver(() => seen.push(button.getAttribute('data-state') ?? '')).observe(button, { attributes: true, attributeFilter: ['data-state'] });
      }, testId);
      await side.locator(`[data-testid="${testId}"]`).last().click();
      return poll(
        async () => (await side.evaluate(() => (window as unknown as { copyStates: string[] }).copyStates.find((s) => s !== 'idle'))) ?? undefined,
        `${testId} to say what became of the copy`,
      );
    };
    // The box as the agent edited it, not the model's text.
    await side.fill('[data-testid="draft-body"]', `${draftText}\n\nEdited for the clipboard.`);
    expect(await copy('draft-copy')).toBe('copied');
    expect(await clipboard()).toBe(`${draftText}\n\nEdited for the clipboard.`);
    await side.fill('[data-testid="draft-body"]', draftText);

    const answer = await side.evaluate(() => [...document.querySelectorAll('[data-testid="assistant-message"] .md')].at(-1)?.textContent ?? '');
    expect(await copy('answer-copy')).toBe('copied');
    expect((await clipboard()).trim()).toBe(answer.trim());
  });

  it('keeps button labels readable at rest, on hover, with focus, pressed and disabled', async () => {
    /** WCAG contrast of the label against the button, with the element's filter and opacity applied as the page paints them. */
    const contrast = (selector: string) =>
      side.evaluate((sel: string) => {
        const el = document.querySelector<HTMLElement>(sel)!;
        const style = getComputedStyle(el);
        const rgba = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
        const brightness = Number(/brightness\(([\d.]+)\)/.exec(style.filter)?.[1] ?? 1);
        const opacity = Number(style.opacity);
        // Whatever shows through a transparent background and a faded button: the page's white.
        const paint = (c: number[], alpha = c[3] ?? 1) => c.slice(0, 3).map((v) => (v * alpha + 255 * (1 - alpha)) * brightness).map((v) => v * opacity + 255 * (1 - opacity));
        const lum = (c: number[]) => {
          const [r, g, b] = c.map((v) => {
            const s = v / 255;
            return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
          });
          return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
        };
        const fg = lum(paint(rgba(style.color)));
        const bg = lum(paint(rgba(style.backgroundColor)));
        return { ratio: (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05), color: style.color, background: style.backgroundColor, filter: style.filter };
      }, selector);
    const buttons = ['[data-testid="draft-insert"]', '[data-testid="draft-send"]', '[data-testid="chat-send"]'];
    const seen: Record<string, unknown> = {};
    for (const sel of buttons) {
      await side.mouse.move(1, 1);
      const rest = await contrast(sel);
      await side.hover(sel);
      const hover = await contrast(sel);
      await side.focus(sel);
      const focus = await contrast(sel);
      await side.mouse.down();
      const pressed = await contrast(sel);
      // Let go elsewhere: no click.
      await side.mouse.move(1, 1);
      await side.mouse.up();
      seen[sel] = { rest, hover, focus, pressed };
      for (const [state, c] of Object.entries({ rest, hover, focus, pressed })) expect(c.ratio, `${sel} ${state}: ${JSON.stringify(c)}`).toBeGreaterThanOrEqual(4.5);
      expect(hover.background, sel).not.toBe('rgb(255, 255, 255)');
    }
    // Disabled: the same classes on a disabled button.
    await side.evaluate(() => {
      const actions = document.querySelector('[data-testid="draft-card"] .actions')!;
      for (const cls of ['btn-write', 'btn-send', 'btn-primary']) {
        const b = document.createElement('button');
        b.className = `btn ${cls}`;
        b.disabled = true;
        b.textContent = 'Disabled';
        b.dataset.probe = cls;
        actions.append(b);
      }
    });
    for (const cls of ['btn-write', 'btn-send', 'btn-primary']) {
      const c = await contrast(`[data-probe="${cls}"]`);
      expect(c.ratio, `${cls} disabled: ${JSON.stringify(c)}`).toBeGreaterThanOrEqual(4.5);
    }
    await side.evaluate(() => document.querySelectorAll('[data-probe]').forEach((b) => b.remove()));
  });

  it('the audit log: each entry opens to site, ticket, recipient, full text, local time and what happened; filter; export JSON and CSV', async () => {
    const driver = pageDriver(side);
    await side.click('[data-testid="draft-insert"]');
    await side.waitForSelector('[data-testid="draft-card"] .ok[role="status"]');
    await side.click('[data-testid="draft-send"]');
    const card = await theCard(driver, ['pending']);
    await clickConfirm(driver);
    expect((await theCard(driver, ['sent', 'refused', 'failed', 'unknown'], { timeoutMs: 20_000 })).state).toBe('sent');
    // A write on another ticket, so the filter has two to choose from.
    const other = await openTicket(chromium.context, helpdesk, TICKET_2.id);
    const otherTab = await tabIdOf(other);
    await poll(async () => {
      const r = await sendToBackground(driver, { type: 'tool.invoke', tabId: otherTab, tool: 'reply.fill', input: { body: 'A line for the other ticket.' } });
      return r.ok && r.value.ok ? true : undefined;
    }, 'the insert on the other ticket');
    await side.bringToFront();

    // The width of a sidebar, for the picture.
    await side.setViewportSize({ width: 420, height: 900 });
    await showTab(driver, 'Audit');
    await side.waitForSelector('[data-testid="audit-entry"][data-kind="sent"]');
    const sent = side.locator('[data-testid="audit-entry"][data-kind="sent"]').first();
    await sent.locator('summary.audit-top').click();
    const field = (name: string) => sent.locator(`[data-testid="audit-detail"] [data-field="${name}"]`).textContent();
    expect(await field('happened')).toBe('Sent: the helpdesk shows it on the ticket.');
    expect(await field('site')).toBe(helpdesk.url);
    expect(await field('ticket')).toBe(TICKET_1.label);
    expect(await field('recipient')).toBe(TICKET_1.recipient);
    expect((await field('text'))?.trim()).toBe(card.body?.trim());
    const time = (await field('time')) ?? '';
    const iso = /\(([^)]+)\)$/.exec(time)?.[1] ?? '';
    expect(iso).toMatch(ISO_LOCAL);
    // The digest is there, but only under Technical details.
    expect(await sent.locator('.audit-tech').getAttribute('open')).toBeNull();
    expect(await sent.locator('.audit-tech code.audit-digest').count()).toBe(1);
    await keepForDocs(await pageScreenshot(side, 'audit-entry-expanded'), 'audit-entry-expanded');

    // Filter by ticket.
    const options = await side.locator('[data-testid="audit-filter"] option').allTextContents();
    expect(options).toEqual(expect.arrayContaining(['All tickets', `${TICKET_1.label} · ${new URL(helpdesk.url).host}`, `${TICKET_2.label} · ${new URL(helpdesk.url).host}`]));
    const allCount = await side.locator('[data-testid="audit-entry"]').count();
    await side.selectOption('[data-testid="audit-filter"]', `${helpdesk.url} ${TICKET_2.label}`);
    const kinds = await side.locator('[data-testid="audit-entry"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')));
    expect(kinds).toEqual(['write']);
    await side.selectOption('[data-testid="audit-filter"]', '');
    expect(await side.locator('[data-testid="audit-entry"]').count()).toBe(allCount);

    // Exports: every entry, its local time in ISO 8601 with the offset.
    const download = async (testId: string): Promise<string> => {
      const [file] = await Promise.all([side.waitForEvent('download'), side.click(`[data-testid="${testId}"]`)]) as [Download, void];
      return readFile((await file.path())!, 'utf8');
    };
    const json = JSON.parse(await download('audit-export-json')) as { time: string; at: number; kind: string; ticket: string | null; body?: string }[];
    expect(json).toHaveLength(allCount);
    for (const row of json) {
      expect(row.time).toMatch(ISO_LOCAL);
      expect(Date.parse(row.time)).toBe(row.at);
    }
    expect(json.map((r) => r.kind)).toEqual(expect.arrayContaining(['write', 'prepare', 'confirm', 'sent']));
    const csv = Papa.parse<Record<string, string>>((await download('audit-export-csv')).trim(), { header: true });
    expect(csv.errors).toEqual([]);
    expect(csv.data).toHaveLength(allCount);
    const sentRow = csv.data.find((r) => r.kind === 'sent')!;
    expect(sentRow).toMatchObject({ what_happened: 'Sent: Reply to the customer', site: helpdesk.url, ticket: TICKET_1.label, recipient: TICKET_1.recipient });
    expect(sentRow.text?.trim()).toBe(card.body?.trim());
    expect(sentRow.time).toMatch(ISO_LOCAL);
    expect(csv.data.find((r) => r.ticket === TICKET_2.label)).toMatchObject({ kind: 'write', text: 'A line for the other ticket.' });
    await other.close();
  });

  it('New chat asks before discarding the draft', async () => {
    const driver = pageDriver(side);
    await showTab(driver, 'Chat');
    await chooseFromMenu(driver, 'chat-new');
    await side.waitForSelector('[data-testid="chat-new-confirm"]');
    expect(await side.textContent('[data-testid="chat-new-confirm"] p')).toBe('Start a new chat? This conversation goes, with its drafts and your edits.');
    await pageScreenshot(side, 'new-chat-confirm');
    await side.click('[data-testid="chat-new-no"]');
    expect(await side.locator('[data-testid="chat-new-confirm"]').count()).toBe(0);
    expect(await side.locator('[data-testid="draft-card"]').count()).toBe(1);
    await chooseFromMenu(driver, 'chat-new');
    await side.click('[data-testid="chat-new-yes"]');
    await side.waitForSelector('.chat-empty');
    expect(await side.locator('[data-testid="draft-card"]').count()).toBe(0);
    // With nothing to lose, New chat starts over at once.
    await chooseFromMenu(driver, 'chat-new');
    expect(await side.locator('[data-testid="chat-new-confirm"]').count()).toBe(0);
    await side.close();
  });

  it('a page that is not a ticket: the helpdesk’s name, what the page is, what Deskmate can do there, only its switches', async () => {
    const list = await chromium.context.newPage();
    await list.goto(`${helpdesk.url}/`);
    const tabId = await tabIdOf(list);
    const page = await openExtensionPage(chromium.context, chromium.extensionId, `sidepanel.html?tab=${tabId}`);
    await page.waitForSelector('[data-testid="header-page"]');
    expect(await page.textContent('[data-testid="header-site"] strong')).toBe('Deskmate demo helpdesk');
    const says = (await page.textContent('[data-testid="header-page"]')) ?? '';
    expect(says.startsWith('A page of Deskmate demo helpdesk that shows no ticket. Here Deskmate can ')).toBe(true);
    for (const can of ['read this page', 'read the text you select', 'insert a draft into the field you click']) expect(says).toContain(can);
    expect(says).not.toMatch(/send|note/);
    expect(await page.getAttribute('[data-testid="chat-input"]', 'placeholder')).toBe('No ticket here: ask about this page or the text you select…');
    await showTab(pageDriver(page), 'Page');
    await page.waitForSelector('[data-testid="page-tool"][data-tool="page.read"]');
    const text = (await page.textContent('#panel')) ?? '';
    expect(text).not.toContain('never instructions');
    expect(text).toContain('Allow changing the page (write)');
    expect(text).not.toContain('Allow sending (send)');
    await pageScreenshot(page, 'not-a-ticket-page');
    await page.close();
    await list.close();
  });
});
