import { useEffect, useState } from 'preact/hooks';
import { request, requestOrigin } from '../client';
import type { McpChoice } from '../../core/mcp';
import { mcpUrlOf, type McpServerView } from '../../shared/mcp';
import type { McpListChange } from '../../shared/protocol';
import { errorText } from '../format';
import { t } from '../i18n';
import { permissionFor } from './useModelSettings';
import { useLoad } from './useLoad';

/**
 * The MCP servers: the list (reloaded when the background says a server's state or tools
 * changed), add, remove, reconnect and each tool's grade. The browser grants a host
 * permission only during a click, so Add asks for the server's origin first.
 */
export function useMcpServers() {
  const loaded = useLoad(() => request('mcp.list', {}), (m) => m.type === 'mcp.changed', []);
  const [fresh, setFresh] = useState<McpServerView[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setFresh(null), [loaded.value]);

  const apply = async (work: Promise<McpListChange>) => {
    setBusy(true);
    try {
      const r = await work;
      if (!r.ok) setError(r.error ?? t('mcp_failed'));
      if (r.servers) setFresh(r.servers);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const add = (name: string, url: string, token: string) => {
    setError(null);
    const checked = mcpUrlOf(url);
    if (!checked) return setError(t('mcp_url_invalid'));
    const pattern = permissionFor(checked);
    const asked = pattern ? requestOrigin(pattern).catch(() => false) : Promise.resolve(true);
    void apply(
      asked.then((granted) =>
        granted ? request('mcp.save', { name, url: checked, ...(token ? { token } : {}) }) : { ok: false, error: t('mcp_url_denied', pattern ?? checked) },
      ),
    );
  };

  return {
    servers: fresh ?? loaded.value,
    error: error ?? loaded.error,
    busy,
    add,
    remove: (id: string) => void apply(request('mcp.remove', { id })),
    reconnect: (id: string) => void apply(request('mcp.reconnect', { id })),
    grade: (id: string, tool: string, hash: string, choice: McpChoice) => void apply(request('mcp.grade', { id, tool, hash, choice })),
  };
}
