import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSession } from '../app/session';
import { useLoad } from '../app/load';
import { pagingFrom } from '../paging';
import { Pager } from '../components/Pager';
import { ErrorNote, Notice } from '../components/ErrorNote';
import { t } from '../i18n';

function countBy<T>(items: T[], key: (item: T) => string): Array<[string, number]> {
  const counts = new Map<string, number>();
  items.forEach((item) => counts.set(key(item), (counts.get(key(item)) ?? 0) + 1));
  return [...counts.entries()].sort((a, b) => b[1] - a[1]);
}

function age(millis: number): string {
  const seconds = Math.max(0, Math.round((Date.now() - millis) / 1000));
  return seconds < 120 ? t('time.seconds', { n: seconds }) : seconds < 7200 ? t('time.minutes', { n: Math.round(seconds / 60) })
    : t('time.hours', { n: Math.round(seconds / 3600) });
}

/**
 * This node's SDK connections (counted by client version and by module, listed with address and
 * age; the server gives them all at once, the page shows them a page at a time) and the
 * cluster's connection balance, with the loader's rebalance.
 */
export function ClientsSection() {
  const { api } = useSession();
  const [search] = useSearchParams();
  const paging = pagingFrom(search);
  const connections = useLoad(async () => Object.values(await api.connections()).map((each) => each.metaInfo), [api]);
  const load = useLoad(() => api.clusterLoad(), [api]);
  const [factor, setFactor] = useState('0.1');
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const all = (connections.data ?? []).sort((a, b) => a.createTime - b.createTime);
  const shown = all.slice((paging.pageNo - 1) * paging.pageSize, paging.pageNo * paging.pageSize);

  const rebalance = async () => {
    setError(null);
    try {
      const answer = await api.rebalance(Number(factor));
      setNotice(answer.trim() === 'Ok' ? t('clients.rebalanced') : t('clients.rebalanceIncomplete', { answer }));
      load.reload();
    } catch (failure) {
      setError((failure as Error).message);
    }
  };

  return (
    <>
      <h2>{t('clients.balance')}</h2>
      <ErrorNote error={load.error ?? error} onRetry={load.reload} />
      <Notice text={notice} />
      <table>
        <thead><tr><th>{t('clients.member')}</th><th>{t('clients.sdkConnections')}</th><th>{t('clients.allConnections')}</th><th>{t('clients.load')}</th><th>CPU</th></tr></thead>
        <tbody>
          {(load.data?.detail ?? []).map((member) => (
            <tr key={member.address}>
              <td className="mono">{member.address}</td>
              <td>{member.metric.sdkConCount}</td>
              <td>{member.metric.conCount}</td>
              <td>{Number(member.metric.load).toFixed(2)}</td>
              <td>{(Number(member.metric.cpu) * 100).toFixed(0)}%</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="bulk">
        {t('clients.average', { avg: load.data?.avg ?? '—', total: load.data?.total ?? '—' })}
        <label>{t('clients.factor')} <input aria-label="loader factor" value={factor} size={4} onChange={(event) => setFactor(event.target.value)} /></label>
        <button type="button" onClick={rebalance}>{t('clients.rebalance')}</button>
      </div>

      <h2>{t('clients.thisNode')}</h2>
      <ErrorNote error={connections.error} onRetry={connections.reload} />
      <div className="grid2">
        <table>
          <thead><tr><th>{t('clients.version')}</th><th>{t('clients.connections')}</th></tr></thead>
          <tbody>{countBy(all, (c) => c.version || t('clients.unknown')).map(([version, count]) => (
            <tr key={version}><td>{version}</td><td>{count}</td></tr>))}</tbody>
        </table>
        <table>
          <thead><tr><th>{t('clients.module')}</th><th>{t('clients.connections')}</th></tr></thead>
          <tbody>{countBy(all, (c) => c.labels?.module ?? t('clients.unknown')).map(([module, count]) => (
            <tr key={module}><td>{module}</td><td>{count}</td></tr>))}</tbody>
        </table>
      </div>
      <table>
        <thead><tr><th>{t('listeners.clientIp')}</th><th>{t('history.version')}</th><th>{t('config.appName')}</th><th>{t('clients.module')}</th><th>{t('clients.connectedFor')}</th><th>{t('clients.connection')}</th></tr></thead>
        <tbody>
          {shown.map((c) => (
            <tr key={c.connectionId} data-testid="connection">
              <td className="mono">{c.clientIp}</td><td>{c.version}</td><td>{c.appName}</td>
              <td>{c.labels?.module}</td><td>{age(c.createTime)}</td><td className="mono small">{c.connectionId}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager paging={paging} total={all.length} />
    </>
  );
}
