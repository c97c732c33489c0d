import { FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useSession } from '../app/session';
import { useLoad } from '../app/load';
import { link, useNamespace } from '../app/links';
import { ErrorNote, Notice } from '../components/ErrorNote';
import { MessageKey, t, tn } from '../i18n';

const POLICIES: Array<{ value: string; label: MessageKey }> = [
  { value: 'ABORT', label: 'transfer.policy.abort' },
  { value: 'SKIP', label: 'transfer.policy.skip' },
  { value: 'OVERWRITE', label: 'transfer.policy.overwrite' },
];

function PolicyChoice() {
  return (
    <label>{t('transfer.whenExists')}
      <select name="policy" defaultValue="ABORT">
        {POLICIES.map((policy) => <option key={policy.value} value={policy.value}>{t(policy.label)}</option>)}
      </select>
    </label>
  );
}

function outcome(answer: { code: number; message: string | null; data: { succCount: number; skipCount?: number } }): string {
  if (answer.code !== 200) {
    throw new Error(answer.message ?? t('transfer.answered', { code: answer.code }));
  }
  return t('transfer.outcome', { message: answer.message ?? t('transfer.done'), written: answer.data.succCount,
    skipped: answer.data.skipCount ?? 0 });
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
        throw new Error(t('transfer.chooseZip'));
      }
      setNotice(outcome(await api.importConfigs(namespace, String(form.get('policy')), file)));
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  return (
    <form className="form" onSubmit={submit}>
      <h1>{t('transfer.importTitle', { namespace: namespace || 'public' })}</h1>
      <ErrorNote error={error} />
      <Notice text={notice} />
      <label>{t('transfer.archive')}<input type="file" name="file" accept=".zip,application/zip" /></label>
      <PolicyChoice />
      <div className="buttons"><button type="submit">{t('configs.import')}</button><Link to={link('/configs', namespace)}>{t('configEdit.back')}</Link></div>
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
      <h1>{t('transfer.cloneTitle', { count: tn('configs.count', items.length) })}</h1>
      <ErrorNote error={error ?? namespaces.error} />
      <Notice text={notice} />
      <ul className="small mono">{items.map((item) => <li key={item.cfgId}>{item.dataId} ({item.group})</li>)}</ul>
      <label>{t('transfer.toNamespace')}
        <select name="target">
          {(namespaces.data ?? []).filter((each) => each.namespace !== namespace).map((each) => (
            <option key={each.namespace} value={each.namespace}>{each.namespaceShowName}</option>
          ))}
        </select>
      </label>
      <PolicyChoice />
      <div className="buttons"><button type="submit" disabled={items.length === 0}>{t('transfer.clone')}</button>
        <Link to={link('/configs', namespace)}>{t('configEdit.back')}</Link></div>
    </form>
  );
}
