import { toModelErrorMessage } from './model-errors';
import { checkModelSettings, loadModelSettings, saveModelSettings } from './model-settings';
import { listModels } from './openai-model';
import { parseKbFile } from '../tools/kb-import';
import type { KbStore } from './kb-store';
import type { Handlers } from './router';

type SettingsHandlers = Pick<Handlers, 'model.get' | 'model.set' | 'model.test' | 'kb.import' | 'kb.list' | 'kb.clear' | 'kb.article'>;

/** Model settings and the knowledge base: extension pages only (the router enforces it). */
export function settingsHandlers(kb: KbStore): SettingsHandlers {
  return {
    'model.get': () => loadModelSettings(),
    async 'model.set'({ settings }) {
      const problem = checkModelSettings(settings);
      if (problem) return { ok: false, error: problem };
      await saveModelSettings(settings);
      return { ok: true };
    },
    async 'model.test'({ settings }) {
      const problem = checkModelSettings({ ...settings, model: settings.model || '-' });
      if (problem) return { ok: false, kind: 'bad_request', error: problem };
      try {
        return { ok: true, models: await listModels(settings) };
      } catch (e) {
        return { ok: false, ...toModelErrorMessage(e) };
      }
    },
    async 'kb.import'({ files }) {
      const problems: string[] = [];
      const articles = files.flatMap((f) => {
        const parsed = parseKbFile(f.name, f.text);
        problems.push(...parsed.problems);
        return parsed.articles;
      });
      const total = articles.length ? await kb.add(articles) : (await kb.list()).length;
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
      return { ok: true };
    },
  };
}
