import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useSession } from '../app/session';
import { useLoad } from '../app/load';
import { link, useNamespace } from '../app/links';
import { pagingFrom } from '../paging';
import { Pager } from '../components/Pager';
import { ErrorNote, Notice } from '../components/ErrorNote';
import { EmptyRow } from '../components/EmptyRow';
import { DiffView } from '../components/Editor';
import { HistoryRow } from '../api/nacos';
import { MessageKey, t } from '../i18n';

const OPERATIONS: Record<string, MessageKey> = { I: 'history.op.created', U: 'history.op.updated', D: 'history.op.deleted' };

export function operationOf(row: HistoryRow): string {
  const operation = OPERATIONS[row.opType?.trim()];
  return operation ? t(operation) : row.opType;
}

/** The server gives epoch milliseconds (the v1 API) or text; shown in the browser's time zone. */
export function timeOf(value: number | string | undefined): string {
  const millis = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(millis) && millis > 0 ? new Date(millis).toLocaleString('en-GB') : String(value ?? '');
}

/**
 * A config's history, newest first. Each entry holds the content as it was before its operation
 * (the content created, for a creation), so rolling back to an entry publishes that content, and
 * rolling back a creation deletes the config, as the official console does. Any two entries can
 * be compared (?compare=a,b).
 */
export function ConfigHistoryPage() {
  const { api } = useSession();
  const namespace = useNamespace();
  const [search, setSearch] = useSearchParams();
  const dataId = search.get('dataId') ?? '';
  const group = search.get('group') ?? '';
  const paging = pagingFrom(search);
  const history = useLoad(() => api.history(namespace, dataId, group, paging.pageNo, paging.pageSize),
    [api, namespace, dataId, group, paging.pageNo, paging.pageSize]);
  const compare = (search.get('compare') ?? '').split(',').filter(Boolean);
  const [picked, setPicked] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const rows = history.data?.pageItems ?? [];

  const showCompare = (ids: string[]) => {
    const next = new URLSearchParams(search);
    next.set('compare', ids.join(','));
    setSearch(next);
  };

  const rollback = async (row: HistoryRow) => {
    const creation = row.opType?.trim() === 'I';
    if (!window.confirm(creation ? t('history.confirmRollbackCreation', { dataId })
      : t('history.confirmRollback', { version: row.nid, at: timeOf(row.lastModifiedTime) }))) {
      return;
    }
    setError(null);
    try {
      const detail = await api.historyDetail(namespace, dataId, group, row.nid);
      if (creation) {
        await api.deleteConfig(namespace, dataId, group);
      } else {
        const current = await api.config(namespace, dataId, group);
        const ok = await api.publish(namespace, {
          dataId, group, content: detail.content ?? '', type: current === '' ? 'text' : current.type ?? 'text',
          appName: current === '' ? undefined : current.appName,
        });
        if (ok !== true) {
          throw new Error(t('history.notPublished'));
        }
      }
      setNotice(creation ? t('configs.deleted', { what: dataId })
        : t('history.rolledBack', { dataId, version: row.nid }));
      history.reload();
    } catch (failure) {
      setError((failure as Error).message);
    }
  };

  return (
    <section>
      <div className="title">
        <h1>{t('history.title', { dataId })} <span className="muted">({group})</span></h1>
        <Link to={link('/configs/edit', namespace, { dataId, group })}>{t('common.edit')}</Link>
        <Link to={link('/configs', namespace)}>{t('configEdit.back')}</Link>
      </div>
      <ErrorNote error={history.error ?? error} onRetry={history.error ? history.reload : undefined} />
      <Notice text={notice} />
      <div className="bulk">
        {t('history.pickTwo')}
        <button type="button" disabled={picked.length !== 2} onClick={() => showCompare(picked)}>{t('history.compare')}</button>
      </div>
      <table>
        <thead><tr><th /><th>{t('history.version')}</th><th>{t('history.operation')}</th><th>{t('history.by')}</th><th>{t('history.fromIp')}</th><th>{t('history.at')}</th><th /></tr></thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.nid}>
              <td><input type="checkbox" aria-label={`pick version ${row.nid}`} checked={picked.includes(row.nid)}
                onChange={(event) => setPicked((current) => event.target.checked
                  ? [...current, row.nid].slice(-2) : current.filter((nid) => nid !== row.nid))} /></td>
              <td className="mono">{row.nid}</td>
              <td>{operationOf(row)}</td>
              <td>{row.srcUser ?? '—'}</td>
              <td>{row.srcIp}</td>
              <td>{timeOf(row.lastModifiedTime ?? row.createdTime)}</td>
              <td className="actions">
                <button type="button" className="link" onClick={() => rollback(row)}>{t('history.rollback')}</button>
              </td>
            </tr>
          ))}
          <EmptyRow loaded={history} rows={rows} columns={7} text={t('history.none')} />
        </tbody>
      </table>
      <Pager paging={paging} total={history.data?.totalCount ?? 0} />
      {compare.length === 2 && <Compare namespace={namespace} dataId={dataId} group={group} ids={compare} />}
    </section>
  );
}

function Compare({ namespace, dataId, group, ids }: { namespace: string; dataId: string; group: string; ids: string[] }) {
  const { api } = useSession();
  const [older, newer] = [...ids].sort((a, b) => Number(a) - Number(b));
  const versions = useLoad(() => Promise.all([older, newer].map((id) => api.historyDetail(namespace, dataId, group, id))),
    [api, namespace, dataId, group, older, newer]);
  return (
    <div>
      <h2>{t('history.compareTitle', { older, newer })}</h2>
      <ErrorNote error={versions.error} />
      {versions.data && <DiffView before={versions.data[0].content ?? ''} after={versions.data[1].content ?? ''} type="text" />}
    </div>
  );
}
