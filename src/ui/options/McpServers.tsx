import { useId, useState } from 'preact/hooks';
import type { McpServerView } from '../../shared/mcp';
import { useMcpServers } from '../hooks/useMcpServers';
import { t } from '../i18n';
import { McpTool } from './McpTool';

/** A server's state in words: connected with n tools, or why it cannot be used. */
function statusLine(s: McpServerView): string {
  if (s.status === 'connecting') return t('mcp_status_connecting');
  if (s.status === 'connected') return t('mcp_status_connected', String(s.tools.length));
  return t(`mcp_problem_${s.problem ?? 'unreachable'}`);
}

/**
 * The team's other systems through MCP: servers (address, name, optional bearer token) and each
 * tool's grade, decided by a person. Only a tool accepted as read is offered to the model; a
 * tool accepted as send runs only on the agent's click and a confirm.
 */
export function McpServers() {
  const m = useMcpServers();
  const id = useId();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [token, setToken] = useState('');
  return (
    <section id="mcp-servers" class="section mcp" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('mcp_title')}</h2>
      <p class="grade-line">{t('mcp_line')}</p>
      <div class="mcp-add">
        <div class="field">
          <label for={`${id}-url`}>{t('mcp_url')}</label>
          <input id={`${id}-url`} type="url" data-testid="mcp-url" value={url} placeholder="https://orders.example.com/mcp" spellcheck={false} onInput={(e) => setUrl(e.currentTarget.value)} />
        </div>
        <div class="field">
          <label for={`${id}-name`}>{t('mcp_name')}</label>
          <input id={`${id}-name`} type="text" data-testid="mcp-name" value={name} maxLength={80} onInput={(e) => setName(e.currentTarget.value)} />
        </div>
        <div class="field">
          <label for={`${id}-token`}>{t('mcp_token')}</label>
          <input id={`${id}-token`} type="password" data-testid="mcp-token" value={token} autocomplete="off" onInput={(e) => setToken(e.currentTarget.value)} />
        </div>
        <button
          type="button"
          class="btn"
          data-testid="mcp-add"
          disabled={m.busy || !url.trim()}
          onClick={() => {
            m.add(name, url, token);
            setToken('');
          }}
        >
          {t('mcp_add')}
        </button>
      </div>
      {m.error && (
        <p class="error" role="alert" data-testid="mcp-error">
          {m.error}
        </p>
      )}
      {m.servers === null && !m.error && <p class="muted">{t('loading')}</p>}
      {m.servers?.length === 0 && <p class="muted">{t('mcp_none')}</p>}
      {m.servers?.map((s) => (
        <div key={s.id} class="mcp-server" data-testid="mcp-server" data-status={s.status} data-problem={s.problem ?? ''}>
          <div class="section-head">
            <h3>
              {s.name} <span class="muted small">{s.url}</span>
              {s.managed && (
                <span class="badge" data-testid="mcp-managed">
                  {t('managed_by_org')}
                </span>
              )}
            </h3>
            <div class="actions">
              <button type="button" class="btn btn-quiet btn-small" data-testid="mcp-reconnect" disabled={m.busy} onClick={() => m.reconnect(s.id)}>
                {t('mcp_reconnect')}
              </button>
              {!s.managed && (
                <button type="button" class="btn btn-quiet btn-small" data-testid="mcp-remove" disabled={m.busy} onClick={() => m.remove(s.id)}>
                  {t('mcp_remove')}
                </button>
              )}
            </div>
          </div>
          <p class={s.status === 'down' ? 'error' : 'muted'} role="status" data-testid="mcp-status">
            {statusLine(s)}
            {s.hasToken ? ` ${t('mcp_token_kept')}` : ''}
          </p>
          {s.detail && <p class="muted small">{s.detail}</p>}
          {s.leftOut > 0 && <p class="muted small" data-testid="mcp-left-out">{t('mcp_left_out', String(s.leftOut))}</p>}
          <ul class="mcp-tools">
            {s.tools.map((tool) => (
              <McpTool key={`${tool.name}:${tool.hash}:${tool.standing}`} tool={tool} busy={m.busy} onGrade={(choice) => m.grade(s.id, tool.name, tool.hash, choice)} />
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
