import { FormEvent, useState } from 'react';
import { NavLink, useSearchParams } from 'react-router-dom';
import { useSession } from '../app/session';
import { useLoad } from '../app/load';
import { link, useNamespace } from '../app/links';
import { pagingFrom } from '../paging';
import { Pager } from '../components/Pager';
import { ErrorNote, Notice } from '../components/ErrorNote';
import { NacosApi, Page } from '../api/nacos';
import { MessageKey, t } from '../i18n';

type Row = Record<string, string>;

/** One kind of access entry: how it is listed, searched, added and removed. */
interface AccessKind {
  title: MessageKey;
  columns: string[];
  /** The column the search box filters on (the server's blur search). */
  searchBy: string;
  fields: Array<{ name: string; label: MessageKey; type?: string; choices?: string[] }>;
  list(api: NacosApi, pageNo: number, pageSize: number, search: string): Promise<Page<Row>>;
  add(api: NacosApi, form: Row): Promise<unknown>;
  remove(api: NacosApi, row: Row): Promise<unknown>;
  describe(row: Row): string;
}

const KINDS: Record<string, AccessKind> = {
  users: {
    title: 'access.users',
    columns: ['username'],
    searchBy: 'username',
    fields: [{ name: 'username', label: 'access.column.username' }, { name: 'password', label: 'login.password', type: 'password' }],
    list: (api, pageNo, pageSize, search) => api.users(pageNo, pageSize, search) as Promise<Page<Row>>,
    add: (api, form) => api.createUser(form.username, form.password),
    remove: (api, row) => api.deleteUser(row.username),
    describe: (row) => t('access.describeUser', { username: row.username }),
  },
  roles: {
    title: 'access.roles',
    columns: ['role', 'username'],
    searchBy: 'username',
    fields: [{ name: 'role', label: 'access.column.role' }, { name: 'username', label: 'access.column.username' }],
    list: (api, pageNo, pageSize, search) => api.roles(pageNo, pageSize, search) as Promise<Page<Row>>,
    add: (api, form) => api.bindRole(form.role, form.username),
    remove: (api, row) => api.unbindRole(row.role, row.username),
    describe: (row) => t('access.describeRole', { role: row.role, username: row.username }),
  },
  permissions: {
    title: 'access.permissions',
    columns: ['role', 'resource', 'action'],
    searchBy: 'role',
    fields: [{ name: 'role', label: 'access.column.role' }, { name: 'resource', label: 'access.resourceLabel' },
      { name: 'action', label: 'access.column.action', choices: ['r', 'w', 'rw'] }],
    list: (api, pageNo, pageSize, search) => api.permissions(pageNo, pageSize, search) as Promise<Page<Row>>,
    add: (api, form) => api.grant(form.role, form.resource, form.action),
    remove: (api, row) => api.revoke(row.role, row.resource, row.action),
    describe: (row) => t('access.describePermission', { action: row.action, resource: row.resource, role: row.role }),
  },
};

/** Users, roles and permissions (auth on; the server lets only admins see and change them). */
export function AccessPage({ kind }: { kind: keyof typeof KINDS }) {
  const { api } = useSession();
  const namespace = useNamespace();
  const [search, setSearch] = useSearchParams();
  const paging = pagingFrom(search);
  const filter = search.get('search') ?? '';
  const access = KINDS[kind];
  const rows = useLoad(() => access.list(api, paging.pageNo, paging.pageSize, filter),
    [api, kind, paging.pageNo, paging.pageSize, filter]);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const act = async (work: () => Promise<unknown>, done: string) => {
    setError(null);
    try {
      await work();
      setNotice(done);
      rows.reload();
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = Object.fromEntries(new FormData(event.currentTarget).entries()) as Row;
    const target = event.currentTarget;
    act(() => access.add(api, form), t('access.added', { what: access.describe(form) })).then(() => target.reset());
  };
  const find = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = new URLSearchParams(search);
    next.set('search', String(new FormData(event.currentTarget).get('search') ?? ''));
    next.delete('pageNo');
    setSearch(next);
  };

  return (
    <section>
      <div className="title">
        <h1>{t('nav.access')}</h1>
        {Object.entries(KINDS).map(([path, each]) => (
          <NavLink key={path} to={link(`/access/${path}`, namespace)}>{t(each.title)}</NavLink>
        ))}
      </div>
      <ErrorNote error={rows.error ?? error} onRetry={rows.error ? rows.reload : undefined} />
      <Notice text={notice} />
      <form className="search" onSubmit={find}>
        <input name="search" aria-label={`search ${access.searchBy}`} placeholder={t(`access.column.${access.searchBy}` as MessageKey)} defaultValue={filter} />
        <button type="submit">{t('common.search')}</button>
      </form>
      <table>
        <thead><tr>{access.columns.map((column) => <th key={column}>{t(`access.column.${column}` as MessageKey)}</th>)}<th /></tr></thead>
        <tbody>
          {(rows.data?.pageItems ?? []).map((row) => (
            <tr key={access.columns.map((column) => row[column]).join('|')}>
              {access.columns.map((column) => <td key={column} className="mono">{row[column]}</td>)}
              <td className="actions">
                <button type="button" className="link danger" onClick={() => window.confirm(t('access.confirmRemove', { what: access.describe(row) }))
                  && act(() => access.remove(api, row), t('access.removed', { what: access.describe(row) }))}>{t('access.remove')}</button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager paging={paging} total={rows.data?.totalCount ?? 0} />
      <form className="form dialog" onSubmit={add} aria-label={`add to ${kind}`}>
        <h2>{t('access.add')}</h2>
        {access.fields.map((field) => (
          <label key={field.name}>{t(field.label)}
            {field.choices ? (
              <select name={field.name}>{field.choices.map((choice) => <option key={choice}>{choice}</option>)}</select>
            ) : <input name={field.name} type={field.type ?? 'text'} required />}
          </label>
        ))}
        <div className="buttons"><button type="submit">{t('access.add')}</button></div>
      </form>
    </section>
  );
}
