import { FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useSession } from '../app/session';
import { useLoad } from '../app/load';
import { link, useNamespace } from '../app/links';
import { ErrorNote } from '../components/ErrorNote';
import { Namespace } from '../api/nacos';
import { t } from '../i18n';

export function NamespacesPage() {
  const { api } = useSession();
  const namespace = useNamespace();
  const namespaces = useLoad(() => api.namespaces(), [api]);
  const [error, setError] = useState<string | null>(null);

  const remove = async (each: Namespace) => {
    if (!window.confirm(t('namespaces.confirmDelete', { name: each.namespaceShowName, id: each.namespace }))) {
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
        <h1>{t('namespaces.title')}</h1>
        <Link className="button" to={link('/namespaces/new', namespace)}>{t('namespaces.create')}</Link>
      </div>
      <ErrorNote error={namespaces.error ?? error} onRetry={namespaces.reload} />
      <table>
        <thead><tr><th>{t('namespaces.name')}</th><th>ID</th><th>{t('config.desc')}</th><th>{t('namespaces.configs')}</th><th>{t('namespaces.quota')}</th><th /></tr></thead>
        <tbody>
          {(namespaces.data ?? []).map((each) => (
            <tr key={each.namespace}>
              <td>{each.namespaceShowName}</td>
              <td className="mono">{each.namespace || t('namespaces.public')}</td>
              <td>{each.namespaceDesc}</td>
              <td>{each.configCount}</td>
              <td>{each.quota}</td>
              <td className="actions">
                <Link to={link('/configs', each.namespace)}>{t('nav.configs')}</Link>
                {each.type !== 0 && each.namespace && (
                  <>
                    <Link to={link('/namespaces/edit', namespace, { id: each.namespace })}>{t('common.edit')}</Link>
                    <button type="button" className="link danger" onClick={() => remove(each)}>{t('common.delete')}</button>
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
      <h1>{editing ? t('namespaces.editTitle', { id: editing }) : t('namespaces.create')}</h1>
      <ErrorNote error={error ?? existing.error} />
      {!editing && (
        <label>{t('namespaces.idLabel')}
          <input name="id" value={id} onChange={(event) => setId(event.target.value)} pattern="[A-Za-z0-9_\-]{1,128}"
            title={t('namespaces.idRule')} />
        </label>
      )}
      <label>{t('namespaces.name')}<input name="name" required value={name ?? found?.namespaceShowName ?? ''}
        onChange={(event) => setName(event.target.value)} /></label>
      <label>{t('config.desc')}<textarea name="desc" value={desc ?? found?.namespaceDesc ?? ''}
        onChange={(event) => setDesc(event.target.value)} /></label>
      <div className="buttons">
        <button type="submit">{editing ? t('common.save') : t('common.create')}</button>
        <Link to={link('/namespaces', namespace)}>{t('common.cancel')}</Link>
      </div>
    </form>
  );
}
