import { FormEvent, useState } from 'react';
import { NavLink, useSearchParams } from 'react-router-dom';
import { useSession } from '../app/session';
import { useLoad } from '../app/load';
import { link, useNamespace } from '../app/links';
import { pagingFrom } from '../paging';
import { Pager } from '../components/Pager';
import { ErrorNote, Notice } from '../components/ErrorNote';
import { NacosApi, Page } from '../api/nacos';

type Row = Record<string, string>;

/** One kind of access entry: how it is listed, searched, added and removed. */
interface AccessKind {
  title: string;
  columns: string[];
  /** The column the search box filters on (the server's blur search). */
  searchBy: string;
  fields: Array<{ name: string; label: string; type?: string; choices?: string[] }>;
  list(api: NacosApi, pageNo: number, pageSize: number, search: string): Promise<Page<Row>>;
  add(api: NacosApi, form: Row): Promise<unknown>;
  remove(api: NacosApi, row: Row): Promise<unknown>;
  describe(row: Row): string;
}

const KINDS: Record<string, AccessKind> = {
  users: {
    title: 'Users',
    columns: ['username'],
    searchBy: 'username',
    fields: [{ name: 'username', label: 'Username' }, { name: 'password', label: 'Password', type: 'password' }],
    list: (api, pageNo, pageSize, search) => api.users(pageNo, pageSize, search) as Promise<Page<Row>>,
    add: (api, form) => api.createUser(form.username, form.password),
    remove: (api, row) => api.deleteUser(row.username),
    describe: (row) => `the user ${row.username}`,
  },
  roles: {
    title: 'Roles',
    columns: ['role', 'username'],
    searchBy: 'username',
    fields: [{ name: 'role', label: 'Role' }, { name: 'username', label: 'Username' }],
    list: (api, pageNo, pageSize, search) => api.roles(pageNo, pageSize, search) as Promise<Page<Row>>,
    add: (api, form) => api.bindRole(form.role, form.username),
    remove: (api, row) => api.unbindRole(row.role, row.username),
    describe: (row) => `the role ${row.role} of ${row.username}`,
  },
  permissions: {
    title: 'Permissions',
    columns: ['role', 'resource', 'action'],
    searchBy: 'role',
    fields: [{ name: 'role', label: 'Role' }, { name: 'resource', label: 'Resource (namespace:group:config or service, * for all)' },
      { name: 'action', label: 'Action', choices: ['r', 'w', 'rw'] }],
    list: (api, pageNo, pageSize, search) => api.permissions(pageNo, pageSize, search) as Promise<Page<Row>>,
    add: (api, form) => api.grant(form.role, form.resource, form.action),
    remove: (api, row) => api.revoke(row.role, row.resource, row.action),
    describe: (row) => `${row.action} on ${row.resource} for ${row.role}`,
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
    act(() => access.add(api, form), `Added ${access.describe(form)}.`).then(() => target.reset());
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
        <h1>Access</h1>
        {Object.entries(KINDS).map(([path, each]) => (
          <NavLink key={path} to={link(`/access/${path}`, namespace)}>{each.title}</NavLink>
        ))}
      </div>
      <ErrorNote error={rows.error ?? error} onRetry={rows.error ? rows.reload : undefined} />
      <Notice text={notice} />
      <form className="search" onSubmit={find}>
        <input name="search" aria-label={`search ${access.searchBy}`} placeholder={access.searchBy} defaultValue={filter} />
        <button type="submit">Search</button>
      </form>
      <table>
        <thead><tr>{access.columns.map((column) => <th key={column}>{column}</th>)}<th /></tr></thead>
        <tbody>
          {(rows.data?.pageItems ?? []).map((row) => (
            <tr key={access.columns.map((column) => row[column]).join('|')}>
              {access.columns.map((column) => <td key={column} className="mono">{row[column]}</td>)}
              <td className="actions">
                <button type="button" className="link danger" onClick={() => window.confirm(`Remove ${access.describe(row)}?`)
                  && act(() => access.remove(api, row), `Removed ${access.describe(row)}.`)}>Remove</button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager paging={paging} total={rows.data?.totalCount ?? 0} />
      <form className="form dialog" onSubmit={add} aria-label={`add to ${access.title}`}>
        <h2>Add</h2>
        {access.fields.map((field) => (
          <label key={field.name}>{field.label}
            {field.choices ? (
              <select name={field.name}>{field.choices.map((choice) => <option key={choice}>{choice}</option>)}</select>
            ) : <input name={field.name} type={field.type ?? 'text'} required />}
          </label>
        ))}
        <div className="buttons"><button type="submit">Add</button></div>
      </form>
    </section>
  );
}
