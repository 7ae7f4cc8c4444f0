import { afterAll, beforeAll, describe, expect } from 'vitest';
import { launchChromium, openRealSidePanel, type ChromiumHarness } from '../e2e/harness/chromium';
import { ask, configureChromium, startModel, waitForChat, type ModelForExtension } from '../e2e/harness/chat';
import { waitIn } from '../e2e/harness/deskmate';
import { insertStatus } from '../e2e/harness/fixture-helpdesk';
import { poll } from '../e2e/harness/wait';
import { attack } from './attack';
import { startFocusThief, type FocusThief } from './harness/focus-thief';

const DRAFT = 'Hi Ines,\n\nA new lamp ships today at no charge.\n\nBest,\nSam';

/**
 * Insert anywhere in real Chromium, against a page that moves the focus: the agent clicks in the
 * reply box and types, the page's chat widget takes the focus (when the window loses it to the
 * side panel, and by its own script), and the agent clicks Insert. The draft goes into the box
 * the agent chose; the widget, and its server, get nothing; the page learns nothing of the draft
 * before it is inserted.
 */
describe('security: insert anywhere against a page that steals the focus, in Chromium', () => {
  let chromium: ChromiumHarness;
  let m: ModelForExtension;
  let thief: FocusThief;

  beforeAll(async () => {
    thief = await startFocusThief();
    m = await startModel({ chunkDelayMs: 2 });
    chromium = await launchChromium();
    await configureChromium(chromium.context, chromium.extensionId, m);
  });
  afterAll(async () => {
    await chromium?.close();
    await m?.model.close();
    await thief?.close();
  });

  attack('the page moves the focus to its chat widget before the agent clicks Insert', async () => {
    m.model.script([{ toolCalls: [{ name: 'reply__propose', arguments: { body: DRAFT } }] }, { text: 'The draft is in the card.' }]);
    const page = await chromium.context.newPage();
    await page.goto(thief.url);
    const panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    await panel.waitFor('[data-testid="chat-input"]');
    await ask(panel, 'Draft a reply to Ines.');
    await waitForChat(panel, (v) => !v.running && v.drafts.length === 1, 'the draft card');
    await waitIn(panel, () => document.querySelector<HTMLButtonElement>('[data-testid="draft-insert"]')?.disabled === false, null, 'Insert to be offered');

    // The agent's own click and keys in the reply box; then the page takes the focus.
    await page.click('#reply');
    await page.keyboard.type('Dear Ines, ');
    await page.evaluate(() => document.dispatchEvent(new Event('steal-focus')));
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('chat');

    await panel.click('[data-testid="draft-insert"]');
    expect(await waitIn(panel, insertStatus, null, 'the insert status')).toMatch(/inserted/i);
    expect(await page.inputValue('#reply')).toBe(`Dear Ines, ${DRAFT}`);
    expect(await page.inputValue('#chat')).toBe('');
    expect(thief.collected).toEqual([]);
    // Before the insert the page saw only what the agent typed into its own box.
    // The page reads its own box on a timer: once it has, what it saw before.
    const saw = await poll(async () => {
      const all = await page.evaluate(() => (window as unknown as { pageSaw: string[] }).pageSaw);
      return all.some((s) => s.includes('A new lamp')) ? all : undefined;
    }, 'the page to read its reply box');
    const inserted = saw.findIndex((s) => s.includes('A new lamp'));
    expect(inserted).toBeGreaterThan(0);
    expect(saw.slice(0, inserted).join('\n')).not.toMatch(/lamp ships|no charge/);
    await panel.close();
    await page.close();
  });
});
