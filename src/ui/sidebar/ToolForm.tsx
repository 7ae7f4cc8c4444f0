import { useMemo } from 'preact/hooks';
import type { PageToolView } from '../../shared/protocol';
import { t } from '../i18n';
import { formFields, formInput, type FormField } from '../schema-form';

interface Props {
  tool: PageToolView;
  /** The tool's name and what it does, worded for people. */
  title: string;
  description: string;
  busy: boolean;
  onRun(input: Record<string, unknown>): void;
}

/** A tool's form, built from its input schema; a tool without input is just its button. */
export function ToolForm({ tool, title, description, busy, onRun }: Props) {
  const fields = useMemo(() => formFields(tool.inputSchema), [tool.inputSchema]);
  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    onRun(formInput(fields, new FormData(e.currentTarget as HTMLFormElement)));
  };
  // A tool without input is its own button; one with input names its grade's action.
  const label = fields.length === 0 ? title + (tool.sideEffect === 'send' ? '…' : '') : t(`run_${tool.sideEffect}`);
  return (
    <form onSubmit={submit}>
      {fields.length > 0 && <h3>{title}</h3>}
      {fields.map((f) => {
        const id = `${tool.name}-${f.name}`;
        return (
          <div key={f.name} class={f.kind === 'checkbox' ? 'field field-check' : 'field'}>
            <label for={id}>
              {f.name === 'body' ? t('page_tool_body') : f.label}
              {f.required && (
                <span class="req" title={t('form_required')}>
                  {' *'}
                </span>
              )}
            </label>
            <Input id={id} field={f} />
          </div>
        );
      })}
      <div class="tool-row">
        <button type="submit" class={`btn btn-${tool.sideEffect}`} disabled={busy} title={description}>
          {label}
        </button>
        {busy && <span class="muted">{t('working')}</span>}
      </div>
    </form>
  );
}

function Input({ id, field: f }: { id: string; field: FormField }) {
  const common = { id, name: f.name, required: f.required && f.kind !== 'checkbox' };
  if (f.kind === 'textarea') return <textarea {...common} rows={5} maxLength={f.maxLength} />;
  if (f.kind === 'checkbox') return <input {...common} type="checkbox" />;
  if (f.kind === 'select') {
    return (
      <select {...common}>
        {!f.required && <option value="" />}
        {f.options?.map((o) => <option key={o} value={o}>{o}</option>)}
      </select>
    );
  }
  if (f.kind === 'number') return <input {...common} type="number" step={f.integer ? 1 : 'any'} />;
  return <input {...common} type="text" maxLength={f.maxLength} />;
}
