import { useAudit } from '../hooks/useAudit';
import { AuditList } from '../shared/AuditList';

/** The Audit tab: the log is asked for when the tab is first shown, not when the sidebar opens. */
export function AuditTab() {
  return <AuditList audit={useAudit()} />;
}
