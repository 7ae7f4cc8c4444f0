import { t } from '../i18n';

/** Names as the agent can read them: each tool the assistant tried, in code type. */
function ToolNames({ tools }: { tools: string[] }) {
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

interface DraftWarningProps {
  tools: string[];
  acknowledged: boolean;
  onAcknowledge(): void;
}

/** On a draft of such a turn: its buttons work only once the agent has acknowledged this. */
export function DraftWarning({ tools, acknowledged, onAcknowledge }: DraftWarningProps) {
  return (
    <div class="attack-warning" role="alert" data-testid="draft-warning">
      <strong>{t('attack_warning')}</strong>
      <p class="small">
        {t('attack_tried')} <ToolNames tools={tools} />
      </p>
      <label class="attack-ack">
        <input type="checkbox" data-testid="draft-ack" checked={acknowledged} disabled={acknowledged} onChange={(e) => e.currentTarget.checked && onAcknowledge()} />
        {t('attack_ack')}
      </label>
    </div>
  );
}
