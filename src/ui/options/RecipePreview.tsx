import { useState } from 'preact/hooks';
import { request } from '../client';
import { selectorsOf, type Recipe, type RecipeReply } from '../../shared/recipe-check';
import type { RecipeControl, RecipeHighlight } from '../../shared/protocol';
import type { RecipePreview as Preview } from '../hooks/useRecipes';
import { errorText } from '../format';
import { t } from '../i18n';

type Control = RecipeControl | 'reply.page' | 'note.page';

/** The recipe's controls in the order an agent checks them, each with what it is in words. */
function controlsOf(recipe: Recipe): { control: Control; value: string }[] {
  const out: { control: Control; value: string }[] = [];
  const add = (kind: 'reply' | 'note', form: RecipeReply | undefined) => {
    if (!form) return;
    for (const part of ['page', 'open', 'editor', 'submit'] as const) {
      const value = form[part];
      if (value) out.push({ control: `${kind}.${part}`, value });
    }
  };
  add('reply', recipe.reply);
  add('note', recipe.note);
  return out;
}

/** How the thread marks an internal note (what the sent-check of a note looks for). */
function internalRule(recipe: Recipe): string {
  const role = recipe.read.role;
  if (!role) return t('recipe_roles_none');
  const internal = role.internal;
  const parts = [
    ...(internal?.values?.length && role.attribute ? [`${role.attribute}="${internal.values.join('" | "')}"`] : []),
    ...(internal?.selector ? [internal.selector] : []),
    ...(role.otherwise === 'internal' ? ['otherwise'] : []),
  ];
  return parts.join(', ') || '—';
}

/**
 * An imported recipe before Apply: what each control is, in words (the reply box the customer
 * gets, the note box only the team sees, what posts them), and, on a live page of its site,
 * those controls outlined so the agent sees where it would type and click.
 */
export function RecipePreview({ preview, onApply, onCancel }: { preview: Preview; onApply(): void; onCancel(): void }) {
  const { recipe } = preview;
  const [shown, setShown] = useState<RecipeHighlight | null>(null);
  const [error, setError] = useState<string | null>(null);
  const show = async () => {
    try {
      setShown(await request('recipes.highlight', { recipe }));
      setError(null);
    } catch (e) {
      setError(errorText(e));
    }
  };
  const missing = (control: Control) => shown && shown.pages > 0 && shown.found.some((f) => f.control === control && !f.found);
  return (
    <div class="recipe-preview" data-testid="recipe-preview">
      <p>
        <strong>{recipe.title}</strong> — {t('recipe_for_site', [recipe.site])}
      </p>
      {preview.replaces && <p class="error small">{t('recipe_replaces')}</p>}
      <p class="small">{t('recipe_yields', [preview.tools.join(', ')])}</p>
      {(recipe.reply || recipe.note) && (
        <>
          <p class="small">{t('recipe_controls_title')}</p>
          <dl class="small recipe-fields recipe-controls">
            {controlsOf(recipe).map(({ control, value }) => (
              <div key={control} data-testid="recipe-control" data-control={control}>
                <dt>{t(`recipe_control_${control.replace('.', '_')}`)}</dt>
                <dd>
                  <code>{value}</code>
                  {missing(control) && <span class="muted"> — {t('recipe_show_missing')}</span>}
                </dd>
              </div>
            ))}
            {recipe.note && (
              <div data-testid="recipe-control" data-control="roles">
                <dt>{t('recipe_control_roles')}</dt>
                <dd>
                  <code>{internalRule(recipe)}</code>
                </dd>
              </div>
            )}
          </dl>
          <button type="button" class="btn" data-testid="recipe-show" onClick={() => void show()}>
            {t('recipe_show')}
          </button>
          {shown && (
            <p class={shown.noteIsReply ? 'error small' : 'small muted'} role="status" data-testid="recipe-shown">
              {shown.noteIsReply ? t('recipe_show_note_is_reply') : shown.pages ? t('recipe_show_found', [String(shown.pages)]) : t('recipe_show_none', [recipe.site])}
            </p>
          )}
          {error && <p class="error small">{error}</p>}
        </>
      )}
      <details class="small">
        <summary>{t('recipe_all_selectors')}</summary>
        <dl class="recipe-fields">
          {selectorsOf(recipe).map(([field, selector]) => (
            <div key={field}>
              <dt>{field}</dt>
              <dd>
                <code>{selector}</code>
              </dd>
            </div>
          ))}
        </dl>
      </details>
      <div class="actions">
        <button type="button" class="btn btn-write" data-testid="recipe-apply" disabled={shown?.noteIsReply} onClick={onApply}>
          {t('recipe_apply')}
        </button>
        <button type="button" class="btn" data-testid="recipe-cancel" onClick={onCancel}>
          {t('recipe_cancel')}
        </button>
      </div>
    </div>
  );
}
