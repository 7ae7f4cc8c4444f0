import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { confirmHost, sidebar } from '../../fakes/confirm-host';

/** Confirm and Cancel as the background answers them, where what the card offers is no longer so. */
describe('confirm and cancel, refused and recorded', () => {
  beforeEach(() => fakeBrowser.reset());

  it('a confirm of a card the background never made is refused by name, and sends nothing', async () => {
    const h = await confirmHost();
    await h.announce(1, '#7');
    expect(await h.accept(1, 'no-such-card', 'x'.repeat(64))).toEqual(expect.objectContaining({ ok: false, code: 'not_found', error: 'There is no such confirmation.' }));
    expect(h.tabs.delivered).toEqual([]);
  });

  it('a confirm after the tab moved to another ticket says which ticket the page shows now, and sends nothing', async () => {
    const h = await confirmHost();
    await h.announce(1, '#7');
    const { confirmation } = await h.prepare(1, 'Your refund is on its way.');
    await h.announce(1, '#8');
    const r = await h.accept(1, confirmation.id, confirmation.digest);
    expect(r).toMatchObject({ ok: false, code: 'scope_changed' });
    expect(r.error).toMatch(/^The page now shows ticket #8, not #?7\. Nothing was sent\.$/);
    expect(h.tabs.delivered).toEqual([]);
    expect(await h.audit()).toEqual(['prepare', 'refuse']);
  });

  it('a used card confirmed again from another ticket is refused as used, not as moved', async () => {
    const h = await confirmHost();
    await h.announce(1, '#7');
    const { confirmation } = await h.prepare(1, 'Your refund is on its way.');
    expect(await h.accept(1, confirmation.id, confirmation.digest)).toMatchObject({ ok: true });
    await h.announce(1, '#8');
    expect(await h.accept(1, confirmation.id, confirmation.digest)).toMatchObject({ ok: false, code: 'already_used' });
    expect(h.tabs.delivered).toHaveLength(1);
  });

  it('a cancel is recorded once: a second cancel, or one of a card never made, records nothing', async () => {
    const h = await confirmHost();
    await h.announce(1, '#7');
    const { confirmation } = await h.prepare(1, 'Your refund is on its way.');
    const cancel = (id: string) => h.handlers['confirm.cancel']({ type: 'confirm.cancel', id }, sidebar);
    expect(await cancel(confirmation.id)).toMatchObject({ ok: true });
    expect(await cancel(confirmation.id)).toMatchObject({ ok: false });
    expect(await cancel('no-such-card')).toMatchObject({ ok: false });
    expect(await h.audit()).toEqual(['prepare', 'cancel']);
    expect(await h.accept(1, confirmation.id, confirmation.digest)).toMatchObject({ ok: false });
    expect(h.tabs.delivered).toEqual([]);
  });
});
