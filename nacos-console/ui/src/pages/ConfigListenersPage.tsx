import { Link, useSearchParams } from 'react-router-dom';
import { useSession } from '../app/session';
import { useLoad } from '../app/load';
import { link, useNamespace } from '../app/links';
import { ErrorNote } from '../components/ErrorNote';
import { EmptyRow } from '../components/EmptyRow';
import { t } from '../i18n';

/** Who listens to a config on this node, and whether each holds the current content (its md5). */
export function ConfigListenersPage() {
  const { api } = useSession();
  const namespace = useNamespace();
  const [search] = useSearchParams();
  const dataId = search.get('dataId') ?? '';
  const group = search.get('group') ?? '';
  const loaded = useLoad(async () => {
    const [listeners, config] = await Promise.all([api.listeners(namespace, dataId, group),
      api.config(namespace, dataId, group)]);
    return { listeners, md5: config === '' ? '' : config.md5 ?? '' };
  }, [api, namespace, dataId, group]);
  const entries = Object.entries(loaded.data?.listeners.lisentersGroupkeyStatus ?? {});
  return (
    <section>
      <div className="title">
        <h1>{t('listeners.title', { dataId })} <span className="muted">({group})</span></h1>
        <button type="button" onClick={loaded.reload}>{t('common.refresh')}</button>
        <Link to={link('/configs', namespace)}>{t('configEdit.back')}</Link>
      </div>
      <ErrorNote error={loaded.error} onRetry={loaded.reload} />
      <table>
        <thead><tr><th>{t('listeners.clientIp')}</th><th>{t('listeners.md5')}</th><th>{t('listeners.current')}</th></tr></thead>
        <tbody>
          {entries.map(([ip, md5]) => (
            <tr key={ip}>
              <td className="mono">{ip}</td>
              <td className="mono">{md5}</td>
              <td>{md5 === loaded.data?.md5 ? t('listeners.yes') : t('listeners.notYet')}</td>
            </tr>
          ))}
          <EmptyRow loaded={loaded} rows={entries} columns={3} text={t('listeners.none')} />
        </tbody>
      </table>
    </section>
  );
}
