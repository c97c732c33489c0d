import { FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useSession } from '../app/session';
import { useLoad } from '../app/load';
import { link, searchOf, useNamespace } from '../app/links';
import { pagingFrom } from '../paging';
import { Pager } from '../components/Pager';
import { ErrorNote, Notice } from '../components/ErrorNote';
import { EmptyRow } from '../components/EmptyRow';
import { ConfigQuery, ConfigRow } from '../api/nacos';
import { t, tn } from '../i18n';

const QUERY_KEYS = ['dataId', 'group', 'appName', 'tags'] as const;

function counted(n: number): string {
  return tn('configs.count', n);
}

function queryFrom(search: URLSearchParams): ConfigQuery {
  return {
    dataId: search.get('dataId') ?? '',
    group: search.get('group') ?? '',
    appName: search.get('appName') ?? '',
    tags: search.get('tags') ?? '',
    blur: search.get('search') !== 'accurate',
  };
}

/** The configs of the namespace, searched on the server, paged; bulk delete, export, clone, import. */
export function ConfigsPage() {
  const { api } = useSession();
  const namespace = useNamespace();
  const [search, setSearch] = useSearchParams();
  const paging = pagingFrom(search);
  const query = queryFrom(search);
  const configs = useLoad(() => api.configs(namespace, query, paging.pageNo, paging.pageSize),
    [api, namespace, search.toString()]);
  const [selected, setSelected] = useState<Record<string, ConfigRow>>({});
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const rows = configs.data?.pageItems ?? [];
  const chosen = Object.values(selected);

  const find = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = searchOf(event.currentTarget, namespace, QUERY_KEYS);
    next.set('search', new FormData(event.currentTarget).get('blur') ? 'blur' : 'accurate');
    setSearch(next);
  };

  const act = async (work: () => Promise<string>) => {
    setError(null);
    setNotice(null);
    try {
      setNotice(await work());
      setSelected({});
      configs.reload();
    } catch (failure) {
      setError((failure as Error).message);
    }
  };

  const removeOne = (row: ConfigRow) => window.confirm(t('configs.confirmDelete', { dataId: row.dataId, group: row.group }))
    && act(async () => {
      await api.deleteConfig(namespace, row.dataId, row.group);
      return t('configs.deleted', { what: row.dataId });
    });
  const removeChosen = () => window.confirm(t('configs.confirmDeleteSelected', { count: counted(chosen.length) })) && act(async () => {
    await api.deleteConfigs(chosen.map((row) => row.id));
    return t('configs.deleted', { what: counted(chosen.length) });
  });
  const exportConfigs = (ids: string[]) => act(async () => {
    const archive = await api.exportConfigs(namespace, ids);
    const url = URL.createObjectURL(archive);
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = `nacos_config_export_${namespace || 'public'}.zip`;
    anchor.click();
    URL.revokeObjectURL(url);
    return ids.length ? t('configs.exported', { count: counted(ids.length) }) : t('configs.exportedAll');
  });

  return (
    <section>
      <div className="title">
        <h1>{t('configs.title')}</h1>
        <Link className="button" to={link('/configs/new', namespace)}>{t('configs.create')}</Link>
        <Link to={link('/configs/import', namespace)}>{t('configs.import')}</Link>
        <button type="button" onClick={() => exportConfigs([])}>{t('configs.exportAll')}</button>
      </div>
      <form className="search" onSubmit={find}>
        {QUERY_KEYS.map((key) => (
          <input key={key} name={key} aria-label={key} placeholder={t(`configs.field.${key}`)} defaultValue={query[key]} />
        ))}
        <label><input type="checkbox" name="blur" defaultChecked={query.blur} /> {t('common.fuzzy')}</label>
        <button type="submit">{t('common.search')}</button>
      </form>
      <ErrorNote error={configs.error ?? error} onRetry={configs.error ? configs.reload : undefined} />
      <Notice text={notice} />
      {chosen.length > 0 && (
        <div className="bulk">
          {t('configs.selected', { n: chosen.length })}
          <button type="button" className="danger" onClick={removeChosen}>{t('common.delete')}</button>
          <button type="button" onClick={() => exportConfigs(chosen.map((row) => row.id))}>{t('configs.export')}</button>
          <Link to={link('/configs/clone', namespace, { ids: chosen.map((row) => `${row.id}:${row.dataId}:${row.group}`).join(',') })}>
            {t('configs.clone')}
          </Link>
        </div>
      )}
      <table>
        <thead>
          <tr>
            <th><input type="checkbox" aria-label="select all" checked={rows.length > 0 && rows.every((row) => selected[row.id])}
              onChange={(event) => setSelected(event.target.checked ? Object.fromEntries(rows.map((row) => [row.id, row])) : {})} /></th>
            <th>{t('config.dataId')}</th><th>{t('config.group')}</th><th>{t('config.appName')}</th><th>{t('config.type')}</th><th />
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td><input type="checkbox" aria-label={`select ${row.dataId}`} checked={Boolean(selected[row.id])}
                onChange={(event) => setSelected((current) => {
                  const next = { ...current };
                  if (event.target.checked) {
                    next[row.id] = row;
                  } else {
                    delete next[row.id];
                  }
                  return next;
                })} /></td>
              <td className="mono">{row.dataId}</td>
              <td>{row.group}</td>
              <td>{row.appName}</td>
              <td>{row.type}</td>
              <td className="actions">
                <Link to={link('/configs/edit', namespace, { dataId: row.dataId, group: row.group })}>{t('common.edit')}</Link>
                <Link to={link('/configs/history', namespace, { dataId: row.dataId, group: row.group })}>{t('configs.history')}</Link>
                <Link to={link('/configs/listeners', namespace, { dataId: row.dataId, group: row.group })}>{t('configs.listeners')}</Link>
                <button type="button" className="link danger" onClick={() => removeOne(row)}>{t('common.delete')}</button>
              </td>
            </tr>
          ))}
          <EmptyRow loaded={configs} rows={rows} columns={6} text={t('configs.none')} />
        </tbody>
      </table>
      <Pager paging={paging} total={configs.data?.totalCount ?? 0} />
    </section>
  );
}
