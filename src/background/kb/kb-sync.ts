import { browser } from 'wxt/browser';
import { KB_SYNC_PERIOD_MINUTES, type KbSyncErrorCode, type KbSyncView } from '../../shared/kb-sync';
import { originPattern } from '../../shared/settings';
import type { KbArticle } from '../../tools/knowledge-base';
import type { KbFetchDeps } from '../../tools/kb-fetch';
import { KB_READER_UNAVAILABLE, loadKbScript } from './kb-index';
import { kbCopyItem, kbSyncStatusItem, kbUrlItem, type KbSyncStatus } from '../storage/items';
import { log } from '../diagnostics/logger';
import { managedPolicy } from '../access/policy';
import { createSerial } from '../storage/serial';

/** The URL in force: the organisation's policy's, else the agent's own; null when neither is set. */
export async function kbSourceUrl(): Promise<{ url: string | null; managed: boolean }> {
  const managed = (await managedPolicy.get()).knowledgeBaseUrl;
  if (managed) return { url: managed, managed: true };
  return { url: (await kbUrlItem.get()) || null, managed: false };
}

/** The synced articles the knowledge base searches: the last good copy of the URL in force, only. */
export async function syncedArticles(): Promise<KbArticle[]> {
  const [copy, { url }] = await Promise.all([kbCopyItem.get(), kbSourceUrl()]);
  return copy && copy.url === url ? copy.articles : [];
}

const defaultDeps = (): KbFetchDeps => ({
  fetch: (input, init) => fetch(input, init),
  async hasAccess(url) {
    try {
      return await browser.permissions.contains({ origins: [originPattern(url)] });
    } catch (e) {
      log.info('kb-sync', 'Could not check the permission for the knowledge-base URL', e);
      return false;
    }
  },
});

/**
 * Keeps the copy of the knowledge base at a URL: a conditional GET, and the answer checked
 * exactly as an imported file is. Anything short of a good new copy (no answer, not 2xx, too
 * large, nothing an import would take) keeps the last good copy and records why. The copy is
 * stored apart from the imported articles, and a sync replaces only its own.
 */
export function createKbSync(onChanged: () => void, deps: KbFetchDeps = defaultDeps(), now: () => number = Date.now) {
  const serial = createSerial();

  async function view(): Promise<KbSyncView> {
    const [{ url, managed }, ownUrl, copy, status] = await Promise.all([kbSourceUrl(), kbUrlItem.get(), kbCopyItem.get(), kbSyncStatusItem.get()]);
    const current = copy && copy.url === url ? copy : null;
    const checked = status.url === url ? status : null;
    return { url, managed, ownUrl, articles: current?.articles.length ?? 0, syncedAt: current?.syncedAt ?? null, checkedAt: checked?.checkedAt ?? null, error: checked?.error ?? null, problems: checked?.problems ?? [] };
  }

  async function check(url: string): Promise<void> {
    const prior = await kbCopyItem.get();
    const own = prior?.url === url ? prior : null;
    // The fetch and the reading of the answer are in the knowledge base's script, with its index.
    const { fetchKb, parseKbText } = await loadKbScript(KB_READER_UNAVAILABLE);
    const result = await fetchKb(url, own, deps);
    const at = now();
    const record = (status: Omit<KbSyncStatus, 'url' | 'checkedAt'>) => kbSyncStatusItem.set({ url, checkedAt: at, ...status });
    const keep = (await kbSyncStatusItem.get()).problems;
    if (result.kind === 'unchanged') return record({ error: null, problems: own ? keep : [] });
    if (result.kind === 'failed') {
      log.warn('kb-sync', `The knowledge base at ${new URL(url).origin} was not synced: ${result.code} ${result.detail}`);
      return record({ error: { code: result.code, detail: result.detail, at }, problems: keep });
    }
    const parsed = parseKbText(result.fileName, result.text, result.format);
    if (parsed.articles.length === 0) {
      const notKb: KbSyncErrorCode = 'not_kb';
      return record({ error: { code: notKb, detail: parsed.problems[0] ?? '', at }, problems: keep });
    }
    // Ids of their own: an imported file of the same name is another article.
    const articles = parsed.articles.map((a) => ({ ...a, id: `synced:${a.id}`, source: url }));
    await kbCopyItem.set({ url, articles, ...result.validators, syncedAt: at });
    await record({ error: null, problems: parsed.problems });
    onChanged();
  }

  return {
    view,
    /** Asks the URL in force now (one check at a time); a URL no longer in force loses its copy. */
    run: (): Promise<KbSyncView> =>
      serial(async () => {
        const { url } = await kbSourceUrl();
        const copy = await kbCopyItem.get();
        if (copy && copy.url !== url) {
          await kbCopyItem.remove();
          onChanged();
        }
        if (url) await check(url).catch(log.swallow('kb-sync', 'The knowledge-base sync failed', 'error'));
        else if ((await kbSyncStatusItem.get()).url !== null) await kbSyncStatusItem.remove();
        return view();
      }),
    /** Whether a check is due: never checked, another URL, or a period gone by. */
    async due(): Promise<boolean> {
      const [{ url }, status] = await Promise.all([kbSourceUrl(), kbSyncStatusItem.get()]);
      if (!url) return status.url !== null || (await kbCopyItem.get()) !== null;
      if (status.url !== url || status.checkedAt === null) return true;
      // A clock put back makes the last check seem in the future: its age is unknown, so check.
      const age = now() - status.checkedAt;
      return age < 0 || age >= KB_SYNC_PERIOD_MINUTES * 60_000;
    },
  };
}

export type KbSync = ReturnType<typeof createKbSync>;
