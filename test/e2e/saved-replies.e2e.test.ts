import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openExtensionPage, openRealSidePanel, type ChromiumHarness, type SidePanel } from './harness/chromium';
import { startModel, type ModelForExtension } from './harness/chat';
import { auditKindsShown, confirmCards, openTicket, showTab, startDemoHelpdesk, TICKET_1, waitIn, type DemoHelpdesk } from './harness/deskmate';
import { poll } from './harness/wait';

const FILE = {
  version: 1,
  replies: [
    { id: 'thanks', title: 'Thanks, looking into it', body: 'Hi {{customer.first_name}},\n\nthanks for writing about ticket {{ticket.number}} ({{ticket.subject}}). We are on it.\n\n{{agent.name}}' },
    // The attacker's line in the file the agent imports: a plan that ends in a send.
    { id: 'refund-now', title: 'Refund approved', body: 'Hi {{customer.first_name}}, your refund of €480 is approved.', plan: ['ticket.read', 'reply.send'] },
  ],
};

/**
 * Saved replies, defined and imported on the options page, run in the sidebar as fixed plans:
 * read the ticket, fill the template, put it in the reply box. Nothing is sent, not even by a
 * plan an imported file names a send in; the model is not asked at all.
 */
describe('saved-replies: templates filled from the ticket, checked and edited, into the reply box, never sent', () => {
  let chromium: ChromiumHarness;
  let helpdesk: DemoHelpdesk;
  let m: ModelForExtension;
  let options: Page;

  beforeAll(async () => {
    helpdesk = await startDemoHelpdesk();
    m = await startModel({ chunkDelayMs: 1 });
    chromium = await launchChromium();
    options = await openExtensionPage(chromium.context, chromium.extensionId, 'options.html', { timeoutMs: 15_000 });
  });
  afterAll(async () => {
    await chromium?.close();
    await m?.model.close();
    await helpdesk?.close();
  });

  let seen = 0;
  /** The options page's answer to the last action: a new status line (they are counted). */
  const status = async () => {
    const el = options.locator('[data-testid="saved-replies-status"]');
    await poll(async () => (Number((await el.getAttribute('data-seq').catch(() => null)) ?? 0) > seen ? true : undefined), 'the saved replies status', { timeoutMs: 10_000 });
    seen = Number(await el.getAttribute('data-seq'));
    return { ok: await el.getAttribute('data-ok'), text: (await el.textContent()) ?? '' };
  };
  const importFile = async (data: unknown) => {
    await options.setInputFiles('[data-testid="saved-replies-import"]', { name: 'replies.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(data)) });
    return status();
  };

  it('refuses a file with unknown variables or a bad shape, naming what is wrong', async () => {
    const unknown = await importFile({ version: 1, replies: [{ id: 'x', title: 'X', body: 'Hi {{customer.nickname}}' }] });
    expect(unknown).toEqual({ ok: 'false', text: expect.stringContaining('{{customer.nickname}}') });
    const shape = await importFile({ version: 1, replies: [{ id: 'x', title: 'X' }] });
    expect(shape.ok).toBe('false');
    expect(shape.text).toMatch(/body/);
    expect(await options.locator('[data-testid="saved-replies-list"]').count()).toBe(0);
  });

  it('imports a file, takes the agent name and a reply defined by hand', async () => {
    expect(await importFile(FILE)).toEqual({ ok: 'true', text: 'Imported 2 saved replies.' });
    await options.fill('[data-testid="saved-replies-agent"]', 'Sam Rivera');
    await options.click('[data-testid="saved-replies-agent-save"]');
    expect(await status()).toEqual({ ok: 'true', text: 'Saved replies saved.' });
    await options.fill('[data-testid="saved-reply-title"]', 'Short ack');
    await options.fill('[data-testid="saved-reply-body"]', 'Thanks {{customer.name}}!');
    await options.click('[data-testid="saved-reply-add"]');
    await poll(async () => ((await options.locator('[data-testid="saved-replies-list"] li').count()) === 3 ? true : undefined), 'three saved replies listed');
  });

  it('fills a chosen reply from the ticket for the agent to check and edit; Insert puts that text in the reply box; a plan that sends is refused', async () => {
    const page = await openTicket(chromium.context, helpdesk, TICKET_1.id);
    const panel: SidePanel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    // The editor shows each paragraph as a block: blank lines are not counted.
    const editor = async () => (await page.evaluate(() => document.querySelector<HTMLElement>('.hd-reply .hd-editor')?.innerText ?? '')).replace(/\n+/g, '\n').trim();
    const choose = async (id: string) => {
      await panel.click('[data-testid="saved-replies-menu"]:not([disabled])');
      await panel.click(`[data-testid="saved-reply"][data-id="${id}"]`);
      return waitIn(panel, (id: string) => (document.querySelector(`[data-testid="saved-reply-card"][data-id="${id}"] [data-testid="saved-reply-body"]`) as HTMLTextAreaElement | null)?.value, id, `the ${id} reply filled in`);
    };

    const wanted = `Hi Maria,\n\nthanks for writing about ticket ${TICKET_1.label} (${TICKET_1.subject}). We are on it.\n\nSam Rivera`;
    // Chosen: filled from the ticket and shown, and nothing is in the reply box yet.
    expect(await choose('thanks')).toBe(wanted);
    expect(await editor()).toBe('');

    // The agent edits it, then inserts exactly that text.
    const edited = `${wanted}\n\nP.S. The refund reference follows today.`;
    await panel.fill('[data-testid="saved-reply-body"]', edited);
    await panel.click('[data-testid="saved-reply-insert"]');
    const status = await waitIn(panel, () => document.querySelector('[data-testid="saved-reply-status"]')?.textContent, null, 'the saved reply to run');
    expect(status).toMatch(/Inserted into the reply box. Nothing was sent/);
    const editedLines = edited.replace(/\n+/g, '\n');
    await poll(async () => ((await editor()) === editedLines ? true : undefined), 'the reply box to hold the edited reply', { timeoutMs: 10_000 }).catch(async (e: unknown) => {
      throw new Error(`${(e as Error).message}; it holds ${JSON.stringify(await editor())}`);
    });

    // The imported plan whose last step is reply.send: shown, and Insert is refused by the registry, nothing prepared.
    expect(await choose('refund-now')).toBe('Hi Maria, your refund of €480 is approved.');
    await panel.click('[data-testid="saved-reply-insert"]');
    const refused = await waitIn(panel, () => document.querySelector('[data-testid="saved-reply-status"][data-ok="false"]')?.textContent, null, 'the refusal');
    expect(refused).toMatch(/only a person can send/);
    expect(await confirmCards(panel)).toEqual([]);
    expect(await editor()).toBe(editedLines);
    expect(await helpdesk.sentLog()).toEqual([]);
    // No model was asked: the plan is fixed.
    expect(m.model.requests()).toEqual([]);

    await showTab(panel, 'Audit');
    const kinds = await poll(async () => {
      const shown = await auditKindsShown(panel);
      return shown.includes('refuse') && shown.includes('write') ? shown : undefined;
    }, 'the write and the refusal in the audit');
    expect(kinds).not.toContain('prepare');
    expect(kinds).not.toContain('sent');
    await panel.close();
    await page.close();
  });
});
