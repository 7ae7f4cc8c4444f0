import { checkConnection } from './connection-check';
import { modelItem } from '../storage/items';
import { checkModelSettings, loadModelSettings, saveModelSettings } from './model-settings';
import { KB_READER_UNAVAILABLE, loadKbScript } from '../kb/kb-index';
import type { KbStore } from '../kb/kb-store';
import type { Handlers } from '../router';
import type { Broadcast } from '../../shared/protocol';
import { modelChangeRefusal, modelUnderPolicy } from '../../shared/policy-merge';
import { managedPolicy } from '../access/policy';

type SettingsHandlers = Pick<Handlers, 'model.get' | 'model.set' | 'model.test' | 'setup.status' | 'kb.import' | 'kb.list' | 'kb.clear' | 'kb.article'>;

/** Model settings and the knowledge base: extension pages only (the router enforces it). */
export function settingsHandlers(kb: KbStore, broadcast: (message: Broadcast) => void = () => undefined): SettingsHandlers {
  const changed = () => broadcast({ type: 'settings.changed' });
  return {
    'model.get': () => loadModelSettings(),
    async 'model.set'({ settings }) {
      const policy = await managedPolicy.get();
      // Checked here, not only in the form: a message from any extension page gets the same answer.
      const refused = modelChangeRefusal(settings, policy);
      if (refused) return { ok: false, error: refused, managed: true };
      const problem = checkModelSettings(settings);
      if (problem) return { ok: false, error: problem };
      await saveModelSettings(settings);
      changed();
      return { ok: true };
    },
    // Under a lock the policy's endpoint is what gets tested.
    'model.test': async ({ settings }) => {
      const policy = await managedPolicy.get();
      return checkConnection(policy.lockModel ? modelUnderPolicy(settings, true, policy) : settings);
    },
    async 'setup.status'() {
      const settings = await loadModelSettings();
      // Short: the sidebar asks when it opens, and a dead endpoint must not keep it waiting.
      const [configured, connection, articles] = await Promise.all([modelItem.exists(), checkConnection(settings, 4000), kb.all()]);
      const { preset, baseURL, model, apiKey } = settings;
      return { configured, settings: { preset, baseURL, model, hasKey: apiKey !== '' }, connection, kbArticles: articles.length };
    },
    async 'kb.import'({ files }) {
      // Files are read by the knowledge base's script, which an import loads with its index.
      const { parseKbFile } = await loadKbScript(KB_READER_UNAVAILABLE);
      const problems: string[] = [];
      const articles = files.flatMap((f) => {
        const parsed = parseKbFile(f.name, f.text);
        problems.push(...parsed.problems);
        return parsed.articles;
      });
      const total = articles.length ? await kb.add(articles) : (await kb.list()).length;
      if (articles.length) changed();
      return { added: articles.length, total, problems };
    },
    async 'kb.list'() {
      const all = await kb.list();
      return { count: all.length, articles: all.slice(0, 500).map(({ id, title, source }) => ({ id, title, source })) };
    },
    async 'kb.article'({ id }) {
      const article = (await kb.all()).find((a) => a.id === id);
      return article ? { id: article.id, title: article.title, body: article.body, source: article.source } : null;
    },
    async 'kb.clear'() {
      await kb.clear();
      changed();
      return { ok: true };
    },
  };
}
