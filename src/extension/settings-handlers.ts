import { checkConnection } from './connection-check';
import { modelItem } from './items';
import { checkModelSettings, loadModelSettings, saveModelSettings } from './model-settings';
import { parseKbFile } from '../tools/kb-import';
import type { KbStore } from './kb-store';
import type { Handlers } from './router';
import type { Broadcast } from '../shared/protocol';

type SettingsHandlers = Pick<Handlers, 'model.get' | 'model.set' | 'model.test' | 'setup.status' | 'kb.import' | 'kb.list' | 'kb.clear' | 'kb.article'>;

/** Model settings and the knowledge base: extension pages only (the router enforces it). */
export function settingsHandlers(kb: KbStore, broadcast: (message: Broadcast) => void = () => undefined): SettingsHandlers {
  const changed = () => broadcast({ type: 'settings.changed' });
  return {
    'model.get': () => loadModelSettings(),
    async 'model.set'({ settings }) {
      const problem = checkModelSettings(settings);
      if (problem) return { ok: false, error: problem };
      await saveModelSettings(settings);
      changed();
      return { ok: true };
    },
    'model.test': ({ settings }) => checkConnection(settings),
    async 'setup.status'() {
      const settings = await loadModelSettings();
      // Short: the sidebar asks when it opens, and a dead endpoint must not keep it waiting.
      const [configured, connection, articles] = await Promise.all([modelItem.exists(), checkConnection(settings, 4000), kb.list()]);
      const { preset, baseURL, model, apiKey } = settings;
      return { configured, settings: { preset, baseURL, model, hasKey: apiKey !== '' }, connection, kbArticles: articles.length };
    },
    async 'kb.import'({ files }) {
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
      const article = (await kb.list()).find((a) => a.id === id);
      return article ? { id: article.id, title: article.title, body: article.body, source: article.source } : null;
    },
    async 'kb.clear'() {
      await kb.clear();
      changed();
      return { ok: true };
    },
  };
}
