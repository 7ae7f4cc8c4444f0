import { useEffect, useRef, useState } from 'preact/hooks';
import { request, requestOrigin } from '../client';
import { originPattern, PRESETS, type ConnectionReport, type ModelSettings, type PresetId } from '../../shared/settings';
import { connectionText } from '../connection-text';
import { errorText } from '../format';
import { t } from '../i18n';

export interface SettingsStatus {
  /** `ask`: the check failed in a way saving would not fix; Save anyway or Cancel. `warn`: saved, but the server does not answer now. */
  tone: 'ok' | 'error' | 'busy' | 'ask' | 'warn';
  text: string;
}

/** Failures a save must not pass over in silence: the settings as typed cannot work. */
const ASK_BEFORE_SAVING = new Set(['auth', 'not_openai', 'model_missing', 'no_model', 'not_found']);

/** The host permission an endpoint needs, or null: loopback is granted at install, a bad URL is for model.set to explain. */
export function permissionFor(baseURL: string): string | null {
  try {
    const url = new URL(baseURL);
    if (url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost')) return null;
    return originPattern(baseURL);
  } catch {
    return null;
  }
}

/** The preset these settings are: the chosen one while its address and model are as it fills them, else Custom. */
export function presetOf(s: ModelSettings): PresetId {
  const p = PRESETS.find((x) => x.id === s.preset);
  if (!p || p.id === 'custom') return 'custom';
  return s.baseURL === p.baseURL && s.model === p.model ? p.id : 'custom';
}

/** The preset a link asks the form to show (`options.html?preset=openai`), or null. */
export function presetFromLocation(search: string): PresetId | null {
  const asked = new URLSearchParams(search).get('preset');
  return PRESETS.some((p) => p.id === asked) ? (asked as PresetId) : null;
}

/** The model settings form's state: loaded from the background, saved and tested through it. */
export function useModelSettings(onSaved?: () => void, initialPreset: PresetId | null = null) {
  const [settings, setState] = useState<ModelSettings | null>(null);
  // What the fields hold now, even before the re-render a click may come ahead of.
  const latest = useRef<ModelSettings | null>(null);
  const setSettings = (next: ModelSettings | null) => setState((latest.current = next));
  const [status, setStatus] = useState<SettingsStatus | null>(null);
  const [models, setModels] = useState<string[]>([]);
  const fail = (text: string) => setStatus({ tone: 'error', text });
  const textOf = (report: ConnectionReport, s: ModelSettings) => connectionText(report, { baseURL: s.baseURL, model: s.model, hasKey: s.apiKey !== '' });

  const fill = (current: ModelSettings, preset: PresetId): ModelSettings => {
    const p = PRESETS.find((x) => x.id === preset)!;
    // Custom starts empty: another preset's address and model are not the custom server's.
    return { ...current, preset, baseURL: p.baseURL, model: p.model };
  };

  useEffect(() => {
    request('model.get', {}).then(
      (loaded) => setSettings(initialPreset && initialPreset !== loaded.preset ? fill(loaded, initialPreset) : loaded),
      (e: unknown) => fail(errorText(e)),
    );
  }, []);

  const change = (patch: Partial<ModelSettings>) => {
    if (!latest.current) return;
    const next = { ...latest.current, ...patch };
    setSettings({ ...next, preset: presetOf(next) });
    // A message about what the fields held before no longer holds.
    setStatus(null);
  };
  const choose = (preset: PresetId) => {
    if (!latest.current) return;
    setSettings(fill(latest.current, preset));
    setStatus(null);
    setModels([]);
  };

  /** Asks for the endpoint's host where needed; false (and says so) when the agent refused. Must run first in a click. */
  const permit = async (s: ModelSettings, refused: string): Promise<boolean> => {
    const pattern = permissionFor(s.baseURL);
    if (pattern && !(await requestOrigin(pattern).catch(() => false))) {
      fail(t(refused, pattern));
      return false;
    }
    return true;
  };

  const store = async (s: ModelSettings, warning?: string) => {
    setStatus({ tone: 'busy', text: t('settings_saving') });
    try {
      const r = await request('model.set', { settings: s });
      if (!r.ok) return fail(r.error ?? t('result_failed'));
      setStatus(warning ? { tone: 'warn', text: t('settings_saved_warning', warning) } : { tone: 'ok', text: t('settings_saved') });
      onSaved?.();
    } catch (e) {
      fail(errorText(e));
    }
  };

  const save = async () => {
    const s = latest.current;
    if (!s) return;
    // First, before any other await: the browser grants a permission only during the click.
    if (!(await permit(s, 'settings_denied'))) return;
    setStatus({ tone: 'busy', text: t('settings_checking') });
    let report: ConnectionReport;
    try {
      report = await request('model.test', { settings: s });
    } catch (e) {
      return fail(errorText(e));
    }
    if (report.models.length) setModels(report.models);
    if (report.ok) return store(s);
    if (report.kind === 'bad_request') return fail(report.error ?? t('result_failed'));
    if (ASK_BEFORE_SAVING.has(report.kind ?? '')) return setStatus({ tone: 'ask', text: t('settings_ask', textOf(report, s)) });
    // A server that is down now may be started later (the offline demo): saved, and said.
    return store(s, textOf(report, s));
  };

  /** "Save anyway" after the check said the settings cannot work. */
  const saveAnyway = () => latest.current && store(latest.current);
  const cancel = () => setStatus(null);

  const test = async () => {
    const s = latest.current;
    if (!s) return;
    if (!(await permit(s, 'settings_test_denied'))) return;
    setStatus({ tone: 'busy', text: t('settings_testing') });
    try {
      const report = await request('model.test', { settings: s });
      setModels(report.models);
      setStatus({ tone: report.ok ? 'ok' : 'error', text: textOf(report, s) });
    } catch (e) {
      fail(errorText(e));
    }
  };

  return { settings, status, models, change, choose, save, saveAnyway, cancel, test };
}
