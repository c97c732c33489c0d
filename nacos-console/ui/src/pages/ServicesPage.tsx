import { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useSession } from '../app/session';
import { useLoad } from '../app/load';
import { link, searchOf, useNamespace } from '../app/links';
import { pagingFrom } from '../paging';
import { Pager } from '../components/Pager';
import { ErrorNote } from '../components/ErrorNote';
import { EmptyRow } from '../components/EmptyRow';
import { t } from '../i18n';

/** The services of the namespace with their counts, searched and paged on the server. */
export function ServicesPage() {
  const { api } = useSession();
  const namespace = useNamespace();
  const [search, setSearch] = useSearchParams();
  const paging = pagingFrom(search);
  const name = search.get('name') ?? '';
  const group = search.get('group') ?? '';
  const services = useLoad(() => api.services(namespace, name, group, paging.pageNo, paging.pageSize),
    [api, namespace, name, group, paging.pageNo, paging.pageSize]);
  const rows = services.data?.serviceList ?? [];

  const find = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSearch(searchOf(event.currentTarget, namespace, ['name', 'group']));
  };

  return (
    <section>
      <div className="title">
        <h1>{t('services.title')}</h1>
        <Link className="button" to={link('/services/new', namespace)}>{t('services.create')}</Link>
      </div>
      <form className="search" onSubmit={find}>
        <input name="name" aria-label="service name" placeholder={t('services.namePlaceholder')} defaultValue={name} />
        <input name="group" aria-label="group" placeholder={t('configs.field.group')} defaultValue={group} />
        <button type="submit">{t('common.search')}</button>
      </form>
      <ErrorNote error={services.error} onRetry={services.reload} />
      <table>
        <thead><tr><th>{t('services.service')}</th><th>{t('config.group')}</th><th>{t('services.clusters')}</th><th>{t('services.instances')}</th><th>{t('services.healthy')}</th><th>{t('service.protectThreshold')}</th><th>{t('services.thresholdReached')}</th><th /></tr></thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.groupName}@@${row.name}`}>
              <td className="mono">{row.name}</td>
              <td>{row.groupName}</td>
              <td>{row.clusterCount}</td>
              <td>{row.ipCount}</td>
              <td>{row.healthyInstanceCount}</td>
              <td>{row.protectThreshold ?? '—'}</td>
              <td>{String(row.triggerFlag)}</td>
              <td className="actions">
                <Link to={link('/services/detail', namespace, { serviceName: row.name, groupName: row.groupName })}>{t('services.details')}</Link>
              </td>
            </tr>
          ))}
          <EmptyRow loaded={services} rows={rows} columns={8} text={t('services.none')} />
        </tbody>
      </table>
      <Pager paging={paging} total={services.data?.count ?? 0} />
    </section>
  );
}
