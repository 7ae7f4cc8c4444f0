import { useEffect, useId } from 'preact/hooks';
import { masksPersonalData, PRESETS, type PresetId } from '../../shared/settings';
import { useModelSettings } from '../hooks/useModelSettings';
import { usePolicy } from '../hooks/usePolicy';
import { t } from '../i18n';
import { Managed } from '../shared/Managed';

interface Props {
  /** The options page's form carries the settings-* test ids. */
  testIds?: boolean;
  /** After a successful save. */
  onSaved?: () => void;
  /** The preset a link asked for (the sidebar's setup card): shown, not saved until Save. */
  initialPreset?: PresetId | null;
  /** A preset the sidebar asked for later, to the page already open (`n` counts the asks). */
  asked?: { preset: PresetId; n: number } | null;
}

/** A line under the preset menu: how to get that kind of model going. */
const PRESET_HINT: Partial<Record<PresetId, string>> = { demo: 'settings_demo_hint', openai: 'settings_openai_hint', ollama: 'settings_ollama_hint' };

/** Where the assistant's model is: a preset, or any OpenAI-compatible URL, key and model. */
export function ModelSettingsForm({ testIds = false, onSaved, initialPreset = null, asked = null }: Props) {
  const m = useModelSettings(onSaved, initialPreset);
  // Chosen as if in the menu: the address and model follow, nothing is saved until Save.
  useEffect(() => void (asked && m.choose(asked.preset)), [asked?.n]);
  const policy = usePolicy();
  const id = useId();
  const tid = (name: string) => (testIds ? `settings-${name}` : undefined);
  const s = m.settings;
  if (!s) return m.status ? <p class="error">{m.status.text}</p> : <p class="muted">{t('loading')}</p>;
  const preset = PRESETS.find((p) => p.id === s.preset);
  const busy = m.status?.tone === 'busy';
  const asking = m.status?.tone === 'ask';
  const hint = PRESET_HINT[s.preset];
  // Shown as set by the organisation and not editable; the background refuses a change anyway.
  const locked = policy?.lockModel === true;
  const maskLocked = policy?.requireMasking === true;

  return (
    <form class="settings-form" onSubmit={(e) => e.preventDefault()}>
      {locked && (
        <p class="managed-line" data-testid={tid('managed')}>
          <Managed /> {t('managed_model_line')}
        </p>
      )}
      <div class="field">
        <label for={`${id}-preset`}>{t('settings_preset')}</label>
        <select id={`${id}-preset`} data-testid={tid('preset')} value={s.preset} disabled={locked} onChange={(e) => m.choose(e.currentTarget.value as PresetId)}>
          {PRESETS.map((p) => (
            <option key={p.id} value={p.id}>{t(`preset_${p.id}`)}</option>
          ))}
        </select>
        {hint && <p class="muted small" data-testid={tid('preset-hint')}>{t(hint)}</p>}
      </div>
      <div class="field">
        <label for={`${id}-url`}>{t('settings_base_url')}</label>
        <input id={`${id}-url`} type="url" data-testid={tid('base-url')} value={s.baseURL} readOnly={locked} placeholder="https://api.example.com/v1" spellcheck={false} aria-describedby={`${id}-url-hint`} onInput={(e) => m.change({ baseURL: e.currentTarget.value })} />
        <p class="muted small" id={`${id}-url-hint`}>{t('settings_base_url_hint')}</p>
      </div>
      <div class="field">
        <label for={`${id}-key`}>
          {t('settings_api_key')} {preset?.needsKey && <span class="req">{t('settings_key_needed')}</span>}
        </label>
        <input id={`${id}-key`} type="password" data-testid={tid('api-key')} value={s.apiKey} autocomplete="off" onInput={(e) => m.change({ apiKey: e.currentTarget.value })} />
        {policy?.model && <p class="muted small" data-testid={tid('key-yours')}>{t('managed_key_yours')}</p>}
      </div>
      <div class="field">
        <label for={`${id}-model`}>{t('settings_model')}</label>
        <input id={`${id}-model`} type="text" list={`${id}-models`} data-testid={tid('model')} value={s.model} readOnly={locked} spellcheck={false} onInput={(e) => m.change({ model: e.currentTarget.value })} />
        <datalist id={`${id}-models`}>
          {m.models.map((name) => <option key={name} value={name} />)}
        </datalist>
      </div>
      <div class="field">
        <label class="check">
          <input type="checkbox" data-testid={tid('pii')} checked={maskLocked || masksPersonalData(s)} disabled={maskLocked} onChange={(e) => m.change({ maskPersonalData: e.currentTarget.checked })} />
          {t('settings_pii')}
        </label>
        {maskLocked && <Managed testId={tid('pii-managed')} />}
        <p class="muted small">{t('settings_pii_hint')}</p>
      </div>
      <div class="actions">
        <button type="button" class="btn btn-primary" data-testid={tid('save')} disabled={busy || asking} onClick={() => void m.save()}>
          {t('settings_save')}
        </button>
        <button type="button" class="btn" data-testid={tid('test')} disabled={busy || asking} onClick={() => void m.test()}>
          {t('settings_test')}
        </button>
      </div>
      <p class={`settings-status ${m.status?.tone ?? ''}`} data-testid={tid('status')} role="status">
        {m.status?.text ?? t('settings_key_note')}
      </p>
      {asking && (
        <div class="actions">
          <button type="button" class="btn" data-testid={tid('save-anyway')} onClick={() => void m.saveAnyway()}>
            {t('settings_save_anyway')}
          </button>
          <button type="button" class="btn btn-primary" data-testid={tid('cancel')} onClick={m.cancel}>
            {t('settings_cancel')}
          </button>
        </div>
      )}
    </form>
  );
}
