import { useId } from 'preact/hooks';
import { masksPersonalData, PRESETS, type PresetId } from '../../shared/settings';
import { useModelSettings } from '../hooks/useModelSettings';
import { t } from '../i18n';

interface Props {
  /** The options page's form carries the settings-* test ids; the sidebar's copy has none. */
  testIds?: boolean;
  /** After a successful save (the sidebar asks the chat for its new model label). */
  onSaved?: () => void;
}

/** Where the assistant's model is: a preset, or any OpenAI-compatible URL, key and model. */
export function ModelSettingsForm({ testIds = false, onSaved }: Props) {
  const m = useModelSettings(onSaved);
  const id = useId();
  const tid = (name: string) => (testIds ? `settings-${name}` : undefined);
  const s = m.settings;
  if (!s) return m.status ? <p class="error">{m.status.text}</p> : <p class="muted">{t('loading')}</p>;
  const preset = PRESETS.find((p) => p.id === s.preset);
  const busy = m.status?.tone === 'busy';

  return (
    <form class="settings-form" onSubmit={(e) => e.preventDefault()}>
      <div class="field">
        <label for={`${id}-preset`}>{t('settings_preset')}</label>
        <select id={`${id}-preset`} value={s.preset} onChange={(e) => m.choose(e.currentTarget.value as PresetId)}>
          {PRESETS.map((p) => (
            <option key={p.id} value={p.id}>{t(`preset_${p.id}`)}</option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for={`${id}-url`}>{t('settings_base_url')}</label>
        <input id={`${id}-url`} type="url" data-testid={tid('base-url')} value={s.baseURL} placeholder="https://api.example.com/v1" spellcheck={false} onInput={(e) => m.change({ baseURL: e.currentTarget.value })} />
      </div>
      <div class="field">
        <label for={`${id}-key`}>
          {t('settings_api_key')} {preset?.needsKey && <span class="req">{t('settings_key_needed')}</span>}
        </label>
        <input id={`${id}-key`} type="password" data-testid={tid('api-key')} value={s.apiKey} autocomplete="off" onInput={(e) => m.change({ apiKey: e.currentTarget.value })} />
      </div>
      <div class="field">
        <label for={`${id}-model`}>{t('settings_model')}</label>
        <input id={`${id}-model`} type="text" list={`${id}-models`} data-testid={tid('model')} value={s.model} spellcheck={false} onInput={(e) => m.change({ model: e.currentTarget.value })} />
        <datalist id={`${id}-models`}>
          {m.models.map((name) => <option key={name} value={name} />)}
        </datalist>
      </div>
      <div class="field">
        <label class="check">
          <input type="checkbox" data-testid={tid('pii')} checked={masksPersonalData(s)} onChange={(e) => m.change({ maskPersonalData: e.currentTarget.checked })} />
          {t('settings_pii')}
        </label>
        <p class="muted small">{t('settings_pii_hint')}</p>
      </div>
      <div class="actions">
        <button type="button" class="btn btn-primary" data-testid={tid('save')} disabled={busy} onClick={() => void m.save()}>
          {t('settings_save')}
        </button>
        <button type="button" class="btn" data-testid={tid('test')} disabled={busy} onClick={() => void m.test()}>
          {t('settings_test')}
        </button>
      </div>
      <p class={`settings-status ${m.status?.tone ?? ''}`} data-testid={tid('status')} role="status">
        {m.status?.text ?? t('settings_key_note')}
      </p>
    </form>
  );
}
