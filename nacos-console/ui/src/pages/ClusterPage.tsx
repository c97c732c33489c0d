import { useSession } from '../app/session';
import { useLoad } from '../app/load';
import { ErrorNote } from '../components/ErrorNote';
import { ClientsSection } from './ClientsSection';
import { t } from '../i18n';
import { NodeFiguresSection } from './NodeFiguresSection';

/**
 * Each Raft group the member is in and its role there: the leader a member names is its Raft
 * address (ip and raftPort), so a member whose own Raft address it is leads that group.
 */
export function raftRoles(ip: string, extendInfo: Record<string, unknown>): string {
  const raft = extendInfo.raftMetaData as { metaDataMap?: Record<string, { leader?: string; term?: number }> } | undefined;
  const groups = Object.entries(raft?.metaDataMap ?? {});
  const self = `${ip}:${String(extendInfo.raftPort ?? '')}`;
  return groups.length === 0 ? '—' : groups.map(([group, meta]) => {
    const role = t(!meta.leader ? 'cluster.noLeader' : meta.leader === self ? 'cluster.leader' : 'cluster.follower');
    return t('cluster.role', { group, role, term: meta.term ?? '?' });
  }).join('; ');
}

function ago(millis: unknown): string {
  const at = Number(millis);
  if (!Number.isFinite(at) || at <= 0) {
    return '—';
  }
  return t('cluster.ago', { n: Math.max(0, Math.round((Date.now() - at) / 1000)) });
}

/** The members as this node sees them: state, version, Raft leaders, last report. */
export function ClusterPage() {
  const { api, state } = useSession();
  const nodes = useLoad(() => api.nodes(), [api]);
  return (
    <section>
      <div className="title">
        <h1>{t('nav.cluster')}</h1>
        <span className="muted">{state?.startup_mode === 'standalone' ? t('cluster.standalone') : t('cluster.clusterMode')}</span>
        <button type="button" onClick={nodes.reload}>{t('common.refresh')}</button>
      </div>
      <ErrorNote error={nodes.error} onRetry={nodes.reload} />
      <table>
        <thead><tr><th>{t('service.address')}</th><th>{t('cluster.state')}</th><th>{t('history.version')}</th><th>{t('cluster.raft')}</th><th>{t('cluster.lastHeard')}</th><th>{t('cluster.abilities')}</th></tr></thead>
        <tbody>
          {(nodes.data ?? []).map((node) => (
            <tr key={node.address} data-testid="node">
              <td className="mono">{node.address}</td>
              <td className={node.state === 'UP' ? '' : 'danger'}>{node.state}</td>
              <td>{String(node.extendInfo?.version ?? '—')}</td>
              <td className="small">{raftRoles(node.ip, node.extendInfo ?? {})}</td>
              <td>{ago(node.extendInfo?.lastRefreshTime)}</td>
              <td className="small mono">{node.abilities ? Object.keys(node.abilities).join(', ') : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <NodeFiguresSection />
      <ClientsSection />
    </section>
  );
}
