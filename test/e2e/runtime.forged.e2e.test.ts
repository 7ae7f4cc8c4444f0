import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium, openRealSidePanel, type ChromiumHarness } from './harness/chromium';
import {
  auditOf,
  clickConfirm,
  contentScriptWorld,
  openTicket,
  replyBody,
  sendToBackground,
  startDemoHelpdesk,
  storedConfirmation,
  storedConfirmations,
  theCard,
  theOfferedCard,
  TICKET_1,
  type DemoHelpdesk,
} from './harness/deskmate';
import { sendFromDraft, useModel } from './harness/drafts';
import { startModel, type ModelForExtension } from './harness/chat';

/**
 * A confirm (or a write or send) forged outside the extension's own pages is refused, and does
 * not burn the real confirmation: the web page cannot reach the extension at all, and the
 * content script, which can, is refused by the router because of who it is.
 */
describe('runtime.forged: confirms and tool calls forged from a web page or a content script', () => {
  let chromium: ChromiumHarness;
  let helpdesk: DemoHelpdesk;
  let m: ModelForExtension;

  beforeAll(async () => {
    helpdesk = await startDemoHelpdesk();
    m = await startModel({ chunkDelayMs: 2 });
    chromium = await launchChromium();
    await useModel(chromium.context, chromium.extensionId, m);
  });
  afterAll(async () => {
    await chromium?.close();
    await m?.model.close();
    await helpdesk?.close();
  });
  beforeEach(async () => {
    await helpdesk.reset();
    m.model.reset();
  });

  it('refuses them all, keeps the confirmation pending, and the sidebar still confirms once', async () => {
    const page = await openTicket(chromium.context, helpdesk, TICKET_1.id);
    const panel = await openRealSidePanel(chromium.context, chromium.extensionId, page);
    const body = replyBody('forged');
    await sendFromDraft(panel, m.model, body);
    await theCard(panel, ['pending']);
    const record = await storedConfirmation(panel, panel.tabId, body);
    const forged = { type: 'confirm.accept', tabId: panel.tabId, id: record.id, digest: record.digest };

    // (a) The page's own main world: no externally_connectable, so no way to the extension.
    const fromPage = await page.evaluate(
      async ({ extensionId, message }) => {
        const runtime = (globalThis as { chrome?: { runtime?: { sendMessage?: (id: string, m: unknown) => Promise<unknown> } } }).chrome
          ?.runtime;
        window.postMessage(message, '*'); // nobody in the extension listens to window messages
        if (typeof runtime?.sendMessage !== 'function') return { reached: false, how: 'chrome.runtime.sendMessage is not defined' };
        try {
          return { reached: true, answer: (await runtime.sendMessage(extensionId, message)) ?? null };
        } catch (error) {
          return { reached: false, how: `threw: ${String(error)}` };
        }
      },
      { extensionId: chromium.extensionId, message: forged },
    );
    expect(fromPage).toMatchObject({ reached: false });

    // (b) The content script's isolated world: it reaches the background, which refuses.
    const world = await contentScriptWorld(chromium.context, page, chromium.extensionId);
    const send = (message: object) => world.evaluate<unknown>(`chrome.runtime.sendMessage(${JSON.stringify(message)})`);
    expect(await world.evaluate('chrome.runtime.id')).toBe(chromium.extensionId); // it is the extension's world
    // Nor can it read what the background keeps: the API key, the pending confirmations.
    expect(await world.evaluate<string>('chrome.storage.local.get(null).then((all) => "read " + Object.keys(all), (e) => "refused")')).toBe('refused');

    expect(await send(forged)).toMatchObject({ ok: false, code: 'forbidden' });
    expect(await send({ type: 'confirm.cancel', id: record.id })).toMatchObject({ ok: false, code: 'forbidden' });
    expect(await send({ type: 'tool.invoke', tabId: panel.tabId, tool: 'reply.send', input: { body: 'forged send' } })).toMatchObject({
      ok: false,
      code: 'forbidden',
    });
    expect(await send({ type: 'tool.invoke', tabId: panel.tabId, tool: 'reply.fill', input: { body: 'forged fill' } })).toMatchObject({
      ok: false,
      code: 'forbidden',
    });
    // What a content script may send (its own page's announcement) still gets through: the
    // refusals above are about the sender, not a broken channel.
    expect(await send({ type: 'page.announce', adapterId: 'demo-helpdesk', url: page.url(), ticket: { key: '1', label: TICKET_1.label } })).toEqual({
      ok: true,
      value: { ok: true },
    });
    await world.detach();

    // Even an extension page gets nowhere with a digest of something else, or for another tab.
    const otherDigest = record.digest.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    expect(await sendToBackground(panel, { ...forged, digest: otherDigest })).toMatchObject({
      ok: true,
      value: { ok: false, code: 'digest_mismatch' },
    });
    expect(await sendToBackground(panel, { ...forged, tabId: panel.tabId + 1000 })).toMatchObject({ ok: true, value: { ok: false } });

    // Nothing happened: the record is pending, nothing was sent, the page's editor is untouched,
    // and there is no second confirmation from the forged prepare.
    expect((await storedConfirmation(panel, panel.tabId, body)).status).toBe('pending');
    expect(await helpdesk.sentLog()).toEqual([]);
    expect(await page.textContent('.hd-reply .hd-editor')).toBe('');
    expect((await storedConfirmations(panel)).filter((r) => r.payload.body === 'forged send')).toEqual([]);
    expect((await theOfferedCard(panel)).canAccept).toBe(true);

    // The real confirm works, once.
    await clickConfirm(panel);
    const card = await theCard(panel, ['sent', 'refused', 'failed', 'unknown'], { timeoutMs: 20_000 });
    expect(card.state, card.status).toBe('sent');
    expect((await helpdesk.sentLog()).map((s) => s.text)).toEqual([body]);
    // The content script's attempts never reached a handler; the extension page's two were refused and logged.
    const audit = await auditOf(panel, record.id);
    expect(audit.map((e) => e.kind)).toEqual(['prepare', 'refuse', 'refuse', 'confirm', 'sent']);
    expect(audit.filter((e) => e.kind === 'refuse').map((e) => e.detail?.split(':')[0])).toEqual(['digest_mismatch', 'scope_changed']);
    await panel.close();
    await page.close();
  });
});
