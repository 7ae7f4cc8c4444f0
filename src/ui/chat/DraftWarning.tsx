import { t } from '../i18n';
import { ToolNames } from './AttackWarning';

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
