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

const QUERY_KEYS = ['dataId', 'group', 'appName', 'tags'] as const;

function counted(n: number): string {
  return n === 1 ? '1 config' : `${n} configs`;
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

  const removeOne = (row: ConfigRow) => window.confirm(`Delete ${row.dataId} (${row.group})?`)
    && act(async () => {
      await api.deleteConfig(namespace, row.dataId, row.group);
      return `Deleted ${row.dataId}.`;
    });
  const removeChosen = () => window.confirm(`Delete the ${counted(chosen.length)} selected?`) && act(async () => {
    await api.deleteConfigs(chosen.map((row) => row.id));
    return `Deleted ${counted(chosen.length)}.`;
  });
  const exportConfigs = (ids: string[]) => act(async () => {
    const archive = await api.exportConfigs(namespace, ids);
    const url = URL.createObjectURL(archive);
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = `nacos_config_export_${namespace || 'public'}.zip`;
    anchor.click();
    URL.revokeObjectURL(url);
    return ids.length ? `Exported ${counted(ids.length)}.` : 'Exported every config of the namespace.';
  });

  return (
    <section>
      <div className="title">
        <h1>Configs</h1>
        <Link className="button" to={link('/configs/new', namespace)}>Create config</Link>
        <Link to={link('/configs/import', namespace)}>Import</Link>
        <button type="button" onClick={() => exportConfigs([])}>Export all</button>
      </div>
      <form className="search" onSubmit={find}>
        {QUERY_KEYS.map((key) => (
          <input key={key} name={key} aria-label={key} placeholder={key} defaultValue={query[key]} />
        ))}
        <label><input type="checkbox" name="blur" defaultChecked={query.blur} /> fuzzy</label>
        <button type="submit">Search</button>
      </form>
      <ErrorNote error={configs.error ?? error} onRetry={configs.error ? configs.reload : undefined} />
      <Notice text={notice} />
      {chosen.length > 0 && (
        <div className="bulk">
          {chosen.length} selected:
          <button type="button" className="danger" onClick={removeChosen}>Delete</button>
          <button type="button" onClick={() => exportConfigs(chosen.map((row) => row.id))}>Export</button>
          <Link to={link('/configs/clone', namespace, { ids: chosen.map((row) => `${row.id}:${row.dataId}:${row.group}`).join(',') })}>
            Clone to another namespace
          </Link>
        </div>
      )}
      <table>
        <thead>
          <tr>
            <th><input type="checkbox" aria-label="select all" checked={rows.length > 0 && rows.every((row) => selected[row.id])}
              onChange={(event) => setSelected(event.target.checked ? Object.fromEntries(rows.map((row) => [row.id, row])) : {})} /></th>
            <th>Data ID</th><th>Group</th><th>Application</th><th>Type</th><th />
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
                <Link to={link('/configs/edit', namespace, { dataId: row.dataId, group: row.group })}>Edit</Link>
                <Link to={link('/configs/history', namespace, { dataId: row.dataId, group: row.group })}>History</Link>
                <Link to={link('/configs/listeners', namespace, { dataId: row.dataId, group: row.group })}>Listeners</Link>
                <button type="button" className="link danger" onClick={() => removeOne(row)}>Delete</button>
              </td>
            </tr>
          ))}
          <EmptyRow loaded={configs} rows={rows} columns={6} text="No config matches." />
        </tbody>
      </table>
      <Pager paging={paging} total={configs.data?.totalCount ?? 0} />
    </section>
  );
}
