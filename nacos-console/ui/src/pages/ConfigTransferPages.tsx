import { FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useSession } from '../app/session';
import { useLoad } from '../app/load';
import { link, useNamespace } from '../app/links';
import { ErrorNote, Notice } from '../components/ErrorNote';

const POLICIES = [
  { value: 'ABORT', label: 'stop at the first config that exists' },
  { value: 'SKIP', label: 'skip configs that exist' },
  { value: 'OVERWRITE', label: 'overwrite configs that exist' },
];

function PolicyChoice() {
  return (
    <label>When a config exists
      <select name="policy" defaultValue="ABORT">
        {POLICIES.map((policy) => <option key={policy.value} value={policy.value}>{policy.label}</option>)}
      </select>
    </label>
  );
}

function outcome(answer: { code: number; message: string | null; data: { succCount: number; skipCount?: number } }): string {
  if (answer.code !== 200) {
    throw new Error(answer.message ?? `the server answered ${answer.code}`);
  }
  return `${answer.message ?? 'Done'}: ${answer.data.succCount} written, ${answer.data.skipCount ?? 0} skipped.`;
}

/** Import a zip exported by this or the official server into the namespace. */
export function ConfigImportPage() {
  const { api } = useSession();
  const namespace = useNamespace();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const file = form.get('file');
    setError(null);
    try {
      if (!(file instanceof File) || file.size === 0) {
        throw new Error('choose a zip file exported from Nacos');
      }
      setNotice(outcome(await api.importConfigs(namespace, String(form.get('policy')), file)));
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  return (
    <form className="form" onSubmit={submit}>
      <h1>Import configs into {namespace || 'public'}</h1>
      <ErrorNote error={error} />
      <Notice text={notice} />
      <label>Archive (.zip)<input type="file" name="file" accept=".zip,application/zip" /></label>
      <PolicyChoice />
      <div className="buttons"><button type="submit">Import</button><Link to={link('/configs', namespace)}>Back to configs</Link></div>
    </form>
  );
}

/** Copy the selected configs (?ids=id:dataId:group,...) to another namespace. */
export function ConfigClonePage() {
  const { api } = useSession();
  const namespace = useNamespace();
  const [search] = useSearchParams();
  const namespaces = useLoad(() => api.namespaces(), [api]);
  const items = (search.get('ids') ?? '').split(',').filter(Boolean).map((each) => {
    const [cfgId, dataId, group] = each.split(':');
    return { cfgId, dataId, group };
  });
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(null);
    try {
      setNotice(outcome(await api.clone(String(form.get('target')), String(form.get('policy')), items)));
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  return (
    <form className="form" onSubmit={submit}>
      <h1>Clone {items.length} configs</h1>
      <ErrorNote error={error ?? namespaces.error} />
      <Notice text={notice} />
      <ul className="small mono">{items.map((item) => <li key={item.cfgId}>{item.dataId} ({item.group})</li>)}</ul>
      <label>To namespace
        <select name="target">
          {(namespaces.data ?? []).filter((each) => each.namespace !== namespace).map((each) => (
            <option key={each.namespace} value={each.namespace}>{each.namespaceShowName}</option>
          ))}
        </select>
      </label>
      <PolicyChoice />
      <div className="buttons"><button type="submit" disabled={items.length === 0}>Clone</button>
        <Link to={link('/configs', namespace)}>Back to configs</Link></div>
    </form>
  );
}
