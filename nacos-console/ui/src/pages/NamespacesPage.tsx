import { FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useSession } from '../app/session';
import { useLoad } from '../app/load';
import { link, useNamespace } from '../app/links';
import { ErrorNote } from '../components/ErrorNote';
import { Namespace } from '../api/nacos';

export function NamespacesPage() {
  const { api } = useSession();
  const namespace = useNamespace();
  const namespaces = useLoad(() => api.namespaces(), [api]);
  const [error, setError] = useState<string | null>(null);

  const remove = async (each: Namespace) => {
    if (!window.confirm(`Delete the namespace ${each.namespaceShowName} (${each.namespace})? Its configs stay in the store but no longer show.`)) {
      return;
    }
    try {
      await api.deleteNamespace(each.namespace);
      namespaces.reload();
    } catch (failure) {
      setError((failure as Error).message);
    }
  };

  return (
    <section>
      <div className="title">
        <h1>Namespaces</h1>
        <Link className="button" to={link('/namespaces/new', namespace)}>Create namespace</Link>
      </div>
      <ErrorNote error={namespaces.error ?? error} onRetry={namespaces.reload} />
      <table>
        <thead><tr><th>Name</th><th>ID</th><th>Description</th><th>Configs</th><th>Quota</th><th /></tr></thead>
        <tbody>
          {(namespaces.data ?? []).map((each) => (
            <tr key={each.namespace}>
              <td>{each.namespaceShowName}</td>
              <td className="mono">{each.namespace || '(public)'}</td>
              <td>{each.namespaceDesc}</td>
              <td>{each.configCount}</td>
              <td>{each.quota}</td>
              <td className="actions">
                <Link to={link('/configs', each.namespace)}>Configs</Link>
                {each.type !== 0 && each.namespace && (
                  <>
                    <Link to={link('/namespaces/edit', namespace, { id: each.namespace })}>Edit</Link>
                    <button type="button" className="link danger" onClick={() => remove(each)}>Delete</button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Create (no id in the URL) or edit (?id=) a namespace. */
export function NamespaceEditPage() {
  const { api } = useSession();
  const namespace = useNamespace();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const editing = search.get('id');
  const existing = useLoad(() => api.namespaces(), [api]);
  const found = existing.data?.find((each) => each.namespace === editing);
  const [id, setId] = useState('');
  const [name, setName] = useState<string | null>(null);
  const [desc, setDesc] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const shownName = name ?? found?.namespaceShowName ?? '';
      const shownDesc = desc ?? found?.namespaceDesc ?? '';
      if (editing) {
        await api.updateNamespace(editing, shownName, shownDesc);
      } else {
        await api.createNamespace(id.trim(), shownName, shownDesc);
      }
      navigate(link('/namespaces', namespace));
    } catch (failure) {
      setError((failure as Error).message);
    }
  };

  return (
    <form className="form" onSubmit={submit}>
      <h1>{editing ? `Edit namespace ${editing}` : 'Create namespace'}</h1>
      <ErrorNote error={error ?? existing.error} />
      {!editing && (
        <label>ID (optional; a UUID when empty)
          <input name="id" value={id} onChange={(event) => setId(event.target.value)} pattern="[A-Za-z0-9_\-]{1,128}"
            title="letters, digits, _ and -, at most 128" />
        </label>
      )}
      <label>Name<input name="name" required value={name ?? found?.namespaceShowName ?? ''}
        onChange={(event) => setName(event.target.value)} /></label>
      <label>Description<textarea name="desc" value={desc ?? found?.namespaceDesc ?? ''}
        onChange={(event) => setDesc(event.target.value)} /></label>
      <div className="buttons">
        <button type="submit">{editing ? 'Save' : 'Create'}</button>
        <Link to={link('/namespaces', namespace)}>Cancel</Link>
      </div>
    </form>
  );
}
