import { FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useSession } from '../app/session';
import { useLoad } from '../app/load';
import { link, useNamespace } from '../app/links';
import { pagingFrom } from '../paging';
import { Pager } from '../components/Pager';
import { ErrorNote, Notice } from '../components/ErrorNote';
import { EmptyRow } from '../components/EmptyRow';
import { formatMetadata, parseMetadata } from '../validate';
import { Instance } from '../api/nacos';
import { t } from '../i18n';

/**
 * One service: its settings, clusters (with their health checks), instances by cluster (take one
 * offline, change weight or metadata) and subscribers. The instance being edited is in the URL
 * (?edit=ip:port).
 */
export function ServiceDetailPage() {
  const { api } = useSession();
  const namespace = useNamespace();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const serviceName = search.get('serviceName') ?? '';
  const groupName = search.get('groupName') ?? 'DEFAULT_GROUP';
  const detail = useLoad(() => api.service(namespace, serviceName, groupName), [api, namespace, serviceName, groupName]);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const removeService = async () => {
    if (!window.confirm(t('service.confirmDelete', { serviceName }))) {
      return;
    }
    try {
      await api.deleteService(namespace, serviceName, groupName);
      navigate(link('/services', namespace));
    } catch (failure) {
      setError((failure as Error).message);
    }
  };

  const service = detail.data?.service;
  return (
    <section>
      <div className="title">
        <h1>{t('service.title', { serviceName })} <span className="muted">({groupName})</span></h1>
        <Link to={link('/services/edit', namespace, { serviceName, groupName })}>{t('service.edit')}</Link>
        <button type="button" className="link danger" onClick={removeService}>{t('service.delete')}</button>
        <Link to={link('/services', namespace)}>{t('service.back')}</Link>
      </div>
      <ErrorNote error={detail.error ?? error} onRetry={detail.error ? detail.reload : undefined} />
      <Notice text={notice} />
      {service && (
        <dl className="facts">
          <dt>{t('service.protectThreshold')}</dt><dd>{service.protectThreshold}</dd>
          <dt>{t('service.metadata')}</dt><dd className="mono">{formatMetadata(service.metadata) || '—'}</dd>
          <dt>{t('service.selector')}</dt><dd>{service.selector?.type}{service.selector?.expression ? `: ${service.selector.expression}` : ''}</dd>
        </dl>
      )}
      {(detail.data?.clusters ?? []).map((cluster) => (
        <div key={cluster.name} className="cluster">
          <h2>{t('service.cluster', { name: cluster.name })}</h2>
          <p className="muted">
            {t('service.healthCheck', { type: cluster.healthChecker?.type ?? 'NONE' })}
            {cluster.defaultCheckPort ? t('service.checkPort', { port: cluster.defaultCheckPort }) : ''}
            {cluster.useIPPort4Check !== undefined ? t('service.ownPort', { value: String(cluster.useIPPort4Check) }) : ''}
          </p>
          <Instances serviceName={serviceName} groupName={groupName} clusterName={cluster.name}
            onDone={setNotice} onError={setError} />
        </div>
      ))}
      <Subscribers serviceName={serviceName} groupName={groupName} />
    </section>
  );
}

function Instances({ serviceName, groupName, clusterName, onDone, onError }: {
  serviceName: string; groupName: string; clusterName: string;
  onDone: (text: string) => void; onError: (text: string) => void;
}) {
  const { api } = useSession();
  const namespace = useNamespace();
  const [search, setSearch] = useSearchParams();
  // Each cluster's instances page on their own (?DEFAULTPageNo=2).
  const paging = pagingFrom(search, 10, clusterName);
  const instances = useLoad(() => api.instances(namespace, serviceName, groupName, clusterName, paging.pageNo, paging.pageSize),
    [api, namespace, serviceName, groupName, clusterName, paging.pageNo, paging.pageSize]);
  const editing = search.get('edit');

  const save = async (instance: Instance, text: string) => {
    try {
      await api.updateInstance(namespace, serviceName, groupName, instance);
      onDone(text);
      instances.reload();
    } catch (failure) {
      onError((failure as Error).message);
    }
  };
  const edit = (instance: Instance | null) => {
    const next = new URLSearchParams(search);
    if (instance) {
      next.set('edit', `${instance.ip}:${instance.port}`);
    } else {
      next.delete('edit');
    }
    setSearch(next);
  };

  return (
    <>
      <ErrorNote error={instances.error} onRetry={instances.reload} />
      <table>
        <thead><tr><th>IP</th><th>{t('instance.port')}</th><th>{t('instance.ephemeral')}</th><th>{t('instance.weight')}</th><th>{t('instance.healthy')}</th><th>{t('instance.enabled')}</th><th>{t('service.metadata')}</th><th /></tr></thead>
        <tbody>
          {(instances.data?.list ?? []).map((instance) => (
            <tr key={`${instance.ip}:${instance.port}`} data-testid={`instance ${instance.ip}:${instance.port}`}>
              <td className="mono">{instance.ip}</td>
              <td>{instance.port}</td>
              <td>{String(instance.ephemeral)}</td>
              <td>{instance.weight}</td>
              <td className={instance.healthy ? '' : 'danger'}>{String(instance.healthy)}</td>
              <td>{String(instance.enabled)}</td>
              <td className="mono small">{formatMetadata(instance.metadata)}</td>
              <td className="actions">
                <button type="button" className="link" onClick={() => save({ ...instance, enabled: !instance.enabled },
                  t(instance.enabled ? 'instance.tookOffline' : 'instance.broughtOnline', { address: `${instance.ip}:${instance.port}` }))}>
                  {instance.enabled ? t('instance.takeOffline') : t('instance.bringOnline')}
                </button>
                <button type="button" className="link" onClick={() => edit(instance)}>{t('common.edit')}</button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager paging={paging} total={instances.data?.count ?? 0} prefix={clusterName} />
      {(instances.data?.list ?? []).filter((instance) => `${instance.ip}:${instance.port}` === editing).map((instance) => (
        <InstanceEditor key={editing} instance={instance} onCancel={() => edit(null)}
          onSave={async (changed) => { await save(changed, t('instance.saved', { address: `${instance.ip}:${instance.port}` })); edit(null); }} />
      ))}
    </>
  );
}

function InstanceEditor({ instance, onSave, onCancel }: {
  instance: Instance; onSave: (instance: Instance) => Promise<void>; onCancel: () => void;
}) {
  const [weight, setWeight] = useState(String(instance.weight));
  const [metadata, setMetadata] = useState(formatMetadata(instance.metadata));
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const number = Number(weight);
    if (!Number.isFinite(number) || number < 0 || number > 10000) {
      setProblem(t('instance.weightRange'));
      return;
    }
    try {
      onSave({ ...instance, weight: number, metadata: parseMetadata(metadata) });
    } catch (failure) {
      setProblem((failure as Error).message);
    }
  };
  return (
    <form className="form dialog" onSubmit={submit} aria-label="edit instance">
      <h2>{t('instance.title', { address: `${instance.ip}:${instance.port}` })}</h2>
      <ErrorNote error={problem} />
      <label>{t('instance.weight')}<input name="weight" value={weight} onChange={(event) => setWeight(event.target.value)} /></label>
      <label>{t('service.metadataLines')}<textarea name="metadata" value={metadata}
        onChange={(event) => setMetadata(event.target.value)} /></label>
      <div className="buttons"><button type="submit">{t('common.save')}</button><button type="button" className="link" onClick={onCancel}>{t('common.cancel')}</button></div>
    </form>
  );
}

function Subscribers({ serviceName, groupName }: { serviceName: string; groupName: string }) {
  const { api } = useSession();
  const namespace = useNamespace();
  const [search] = useSearchParams();
  const paging = pagingFrom(search, 10, 'sub');
  const subscribers = useLoad(() => api.subscribers(namespace, serviceName, groupName, paging.pageNo, paging.pageSize),
    [api, namespace, serviceName, groupName, paging.pageNo, paging.pageSize]);
  const rows = subscribers.data?.subscribers ?? [];
  return (
    <div>
      <h2>{t('service.subscribers')}</h2>
      <ErrorNote error={subscribers.error} onRetry={subscribers.reload} />
      <table>
        <thead><tr><th>{t('service.address')}</th><th>{t('service.client')}</th><th>{t('config.appName')}</th></tr></thead>
        <tbody>
          {rows.map((each) => (
            <tr key={each.addrStr}><td className="mono">{each.addrStr}</td><td>{each.agent}</td><td>{each.app}</td></tr>
          ))}
          <EmptyRow loaded={subscribers} rows={rows} columns={3} text={t('service.noSubscribers')} />
        </tbody>
      </table>
      <Pager paging={paging} total={subscribers.data?.count ?? 0} prefix="sub" />
    </div>
  );
}

/** Create ({@code /services/new}) or edit ({@code /services/edit?serviceName=&groupName=}) a service. */
export function ServiceEditPage({ creating }: { creating: boolean }) {
  const { api } = useSession();
  const namespace = useNamespace();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const detail = useLoad(() => (creating ? Promise.resolve(null)
    : api.service(namespace, search.get('serviceName') ?? '', search.get('groupName') ?? 'DEFAULT_GROUP')),
  [api, namespace, creating, search.toString()]);
  const [error, setError] = useState<string | null>(null);
  if (!creating && !detail.data) {
    return <ErrorNote error={detail.error} onRetry={detail.reload} />;
  }
  const service = detail.data?.service;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const threshold = Number(form.get('protectThreshold'));
    try {
      if (!Number.isFinite(threshold) || threshold < 0 || threshold > 1) {
        throw new Error(t('service.thresholdRange'));
      }
      const name = String(form.get('name')).trim();
      const groupName = String(form.get('groupName')).trim() || 'DEFAULT_GROUP';
      const selectorType = String(form.get('selectorType'));
      await api.saveService(namespace, {
        name, groupName, protectThreshold: threshold,
        metadata: JSON.stringify(parseMetadata(String(form.get('metadata')))),
        selector: selectorType === 'label' ? { type: 'label', expression: String(form.get('expression')) } : { type: 'none' },
      }, creating);
      navigate(link('/services/detail', namespace, { serviceName: name, groupName }));
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  return (
    <form className="form" onSubmit={submit}>
      <h1>{creating ? t('services.create') : t('service.editTitle', { name: service?.name ?? '' })}</h1>
      <ErrorNote error={error} />
      <label>{t('service.name')}<input name="name" required defaultValue={service?.name} readOnly={!creating} /></label>
      <label>{t('config.group')}<input name="groupName" defaultValue={service?.groupName ?? 'DEFAULT_GROUP'} readOnly={!creating} /></label>
      <label>{t('service.thresholdLabel')}<input name="protectThreshold" defaultValue={service?.protectThreshold ?? 0} /></label>
      <label>{t('service.metadataLines')}<textarea name="metadata" defaultValue={formatMetadata(service?.metadata)} /></label>
      <label>{t('service.selector')}
        <select name="selectorType" defaultValue={service?.selector?.type === 'label' ? 'label' : 'none'}>
          <option value="none">{t('service.selectorNone')}</option>
          <option value="label">{t('service.selectorLabel')}</option>
        </select>
      </label>
      <label>{t('service.expression')}<input name="expression" defaultValue={service?.selector?.expression ?? ''} /></label>
      <div className="buttons"><button type="submit">{t('common.save')}</button>
        <Link to={link('/services', namespace)}>{t('common.cancel')}</Link></div>
    </form>
  );
}
