import { useState } from 'preact/hooks';
import type { McpChoice } from '../../core/mcp';
import { MCP_CHOICES, type McpToolView } from '../../shared/mcp';
import { t } from '../i18n';

/**
 * One tool of a server: what it says it is, what its annotations suggest, and the person's
 * choice. A new or changed tool is off until someone chooses; the suggested grade is preselected.
 */
export function McpTool({ tool, busy, onGrade }: { tool: McpToolView; busy: boolean; onGrade(choice: McpChoice): void }) {
  const undecided = tool.standing === 'new' || tool.standing === 'changed';
  const [choice, setChoice] = useState<McpChoice>(undecided ? tool.suggested : (tool.standing as McpChoice));
  return (
    <li class="mcp-tool" data-testid="mcp-tool" data-tool={tool.name} data-standing={tool.standing} data-suggested={tool.suggested}>
      <div class="mcp-tool-head">
        <code>{tool.name}</code> <span class="muted small">{tool.title !== tool.name ? tool.title : ''}</span>
        <span class={`badge mcp-standing mcp-${tool.standing}`} data-testid="mcp-standing">
          {t(`mcp_standing_${tool.standing}`)}
        </span>
      </div>
      {tool.description && <p class="small">{tool.description}</p>}
      <p class="muted small">{t('mcp_suggested', t(`mcp_choice_${tool.suggested}`))}</p>
      {tool.refused ? (
        <p class="error small" data-testid="mcp-refused">{tool.refused}</p>
      ) : tool.by === 'policy' ? (
        <p class="muted small" data-testid="mcp-managed-grade">
          {t('managed_by_org')}
        </p>
      ) : (
        <div class="actions">
          <select aria-label={t('mcp_grade_label', tool.name)} data-testid="mcp-choice" value={choice} disabled={busy} onChange={(e) => setChoice(e.currentTarget.value as McpChoice)}>
            {MCP_CHOICES.map((c) => (
              <option key={c} value={c}>
                {t(`mcp_choice_${c}`)}
              </option>
            ))}
          </select>
          <button type="button" class="btn btn-small" data-testid="mcp-accept" disabled={busy || (!undecided && choice === tool.standing)} onClick={() => onGrade(choice)}>
            {undecided ? t('mcp_accept') : t('mcp_change')}
          </button>
        </div>
      )}
    </li>
  );
}
