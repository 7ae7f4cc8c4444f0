import { useEffect, useRef, useState } from 'preact/hooks';
import { request, requestOrigin } from '../../extension/client';
import { originPattern, PRESETS, type ModelSettings, type PresetId } from '../../shared/settings';
import { errorText } from '../format';
import { t } from '../i18n';

export interface SettingsStatus {
  tone: 'ok' | 'error' | 'busy';
  text: string;
}

/** How many model names the status line lists; the datalist has all of them. */
const LISTED = 8;

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

/** The model settings form's state: loaded from the background, saved and tested through it. */
export function useModelSettings(onSaved?: () => void) {
  const [settings, setState] = useState<ModelSettings | null>(null);
  // What the fields hold now, even before the re-render a click may come ahead of.
  const latest = useRef<ModelSettings | null>(null);
  const setSettings = (next: ModelSettings | null) => setState((latest.current = next));
  const [status, setStatus] = useState<SettingsStatus | null>(null);
  const [models, setModels] = useState<string[]>([]);
  const fail = (text: string) => setStatus({ tone: 'error', text });

  useEffect(() => {
    request('model.get', {}).then(setSettings, (e: unknown) => fail(errorText(e)));
  }, []);

  const change = (patch: Partial<ModelSettings>) => latest.current && setSettings({ ...latest.current, ...patch });
  const choose = (preset: PresetId) => {
    const p = PRESETS.find((x) => x.id === preset);
    // "Any URL" keeps what was typed; the others fill in their endpoint and model.
    change(p && preset !== 'custom' ? { preset, baseURL: p.baseURL, model: p.model } : { preset });
    setModels([]);
  };

  const save = async () => {
    const settings = latest.current;
    if (!settings) return;
    const pattern = permissionFor(settings.baseURL);
    // First, before any other await: the browser grants a permission only during the click.
    if (pattern && !(await requestOrigin(pattern).catch(() => false))) return fail(t('settings_denied', pattern));
    setStatus({ tone: 'busy', text: t('settings_saving') });
    try {
      const r = await request('model.set', { settings });
      if (!r.ok) return fail(r.error ?? t('result_failed'));
      setStatus({ tone: 'ok', text: t('settings_saved') });
      onSaved?.();
    } catch (e) {
      fail(errorText(e));
    }
  };

  const test = async () => {
    const settings = latest.current;
    if (!settings) return;
    setStatus({ tone: 'busy', text: t('settings_testing') });
    try {
      const r = await request('model.test', { settings });
      if (!r.ok) return fail(t('settings_test_failed', r.error ?? r.kind ?? ''));
      const names = r.models ?? [];
      setModels(names);
      const listed = names.slice(0, LISTED).join(', ') + (names.length > LISTED ? ', …' : '');
      setStatus({ tone: 'ok', text: t('settings_connected', [String(names.length), listed]) });
    } catch (e) {
      fail(errorText(e));
    }
  };

  return { settings, status, models, change, choose, save, test };
}
