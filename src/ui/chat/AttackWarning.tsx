import { t } from '../i18n';

/** Names as the agent can read them: each tool the assistant tried, in code type. */
export function ToolNames({ tools }: { tools: string[] }) {
  return (
    <span class="attack-tools">
      {tools.map((tool, i) => (
        <span key={tool}>
          {i > 0 && ', '}
          <code>{tool}</code>
        </span>
      ))}
    </span>
  );
}

/** On the turn: the assistant tried tools it may not use, so the ticket may be steering it. */
export function AttackWarning({ tools }: { tools: string[] }) {
  return (
    <div class="attack-warning" role="alert" data-testid="attack-warning">
      <strong>{t('attack_warning')}</strong>
      <p class="small">
        {t('attack_tried')} <ToolNames tools={tools} />
      </p>
    </div>
  );
}
