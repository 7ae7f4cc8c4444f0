import type { ConnectionReport } from '../shared/settings';
import { t } from './i18n';
import { originOf } from '../shared/origin';

/** How many model names a line lists; the form's suggestions hold all of them. */
const LISTED = 8;

/** "3 models: a, b, c" (or "1 model: a"), at most LISTED names. */
export function modelCount(models: readonly string[]): string {
  const names = models.slice(0, LISTED).join(', ') + (models.length > LISTED ? ', …' : '');
  return models.length === 1 ? t('models_one', names) : t('models_many', [String(models.length), names]);
}

/** What a connection check found, in the words of the settings form and the sidebar. */
export function connectionText(report: ConnectionReport, settings: { baseURL: string; model: string; hasKey: boolean }): string {
  if (report.ok) return report.models.length ? t('connection_ok', [settings.model, modelCount(report.models)]) : t('connection_ok_unlisted', settings.model);
  switch (report.kind) {
    case 'model_missing':
      return t('connection_model_missing', [settings.model, modelCount(report.models)]);
    case 'no_model':
      return report.models.length ? t('connection_no_model', modelCount(report.models)) : t('connection_no_model_unlisted');
    case 'auth':
      return settings.hasKey ? t('connection_key_refused', String(report.status ?? 401)) : t('connection_key_needed', String(report.status ?? 401));
    case 'not_openai':
      return t('connection_not_openai', settings.baseURL);
    case 'unreachable':
      return t('connection_unreachable', settings.baseURL);
    case 'permission':
      return t('connection_permission', originOf(settings.baseURL) ?? settings.baseURL);
    default:
      return report.error ?? t('result_failed');
  }
}
