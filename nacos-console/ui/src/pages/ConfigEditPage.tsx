import { FormEvent, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useSession } from '../app/session';
import { useLoad } from '../app/load';
import { link, useNamespace } from '../app/links';
import { ErrorNote, Notice } from '../components/ErrorNote';
import { DiffView, Editor } from '../components/Editor';
import { CONFIG_TYPES, nameProblem, typeOfDataId } from '../validate';
import { contentProblem } from '../contentCheck';
import { ConfigDetail } from '../api/nacos';
import { t } from '../i18n';

interface Draft {
  dataId: string;
  group: string;
  type: string;
  appName: string;
  tags: string;
  desc: string;
  content: string;
  betaIps: string;
}

function draftOf(config: ConfigDetail | null, dataId: string, group: string): Draft {
  return {
    dataId: config?.dataId ?? dataId,
    group: config?.group ?? (group || 'DEFAULT_GROUP'),
    type: config?.type || typeOfDataId(dataId),
    appName: config?.appName ?? '',
    tags: config?.configTags ?? '',
    desc: config?.desc ?? '',
    content: config?.content ?? '',
    betaIps: '',
  };
}

/**
 * Create ({@code /configs/new}) or edit ({@code /configs/edit?dataId=&group=}) a config. Publishing
 * takes two steps: the content is checked for its type, then the change is shown side by side
 * with what is published, and only then sent, as a compare-and-set on the md5 that was shown (a
 * change someone else made meanwhile is refused, not overwritten).
 */
export function ConfigEditPage({ creating }: { creating: boolean }) {
  const { api } = useSession();
  const namespace = useNamespace();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const dataId = search.get('dataId') ?? '';
  const group = search.get('group') ?? '';
  const reviewing = search.get('step') === 'review';
  const published = useLoad(async () => {
    if (creating) {
      return null;
    }
    const config = await api.config(namespace, dataId, group);
    return config === '' ? null : config;
  }, [api, namespace, dataId, group, creating]);
  const beta = useLoad(() => (creating ? Promise.resolve(null) : api.beta(namespace, dataId, group)),
    [api, namespace, dataId, group, creating]);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A publish from /configs/new moves to the config's own address, a new page: the notice goes along.
  const location = useLocation();
  const [notice, setNotice] = useState<string | null>((location.state as { notice?: string } | null)?.notice ?? null);

  useEffect(() => {
    if (!published.loading && draft === null) {
      setDraft(draftOf(published.data, dataId, group));
    }
  }, [published.loading, published.data, draft, dataId, group]);

  if (!creating && !published.loading && !published.error && published.data === null) {
    return <ErrorNote error={t('configEdit.missing', { dataId, group })} />;
  }
  if (draft === null) {
    return <ErrorNote error={published.error} onRetry={published.reload} />;
  }
  const change = (field: keyof Draft) => (value: string) => setDraft({ ...draft, [field]: value });
  const problems = [
    nameProblem(t('config.dataId'), draft.dataId),
    nameProblem(t('config.group'), draft.group),
    contentProblem(draft.type, draft.content),
  ].filter((problem): problem is string => problem !== null);

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (problems.length === 0) {
      const next = new URLSearchParams(search);
      next.set('step', 'review');
      setSearch(next);
    }
  };

  const publish = async () => {
    setError(null);
    try {
      const ok = await api.publish(namespace, {
        dataId: draft.dataId, group: draft.group, content: draft.content, type: draft.type,
        appName: draft.appName, desc: draft.desc, tags: draft.tags, betaIps: draft.betaIps,
        casMd5: draft.betaIps ? undefined : published.data?.md5 ?? '',
      });
      if (ok !== true) {
        throw new Error(t('configEdit.casRefused'));
      }
      const done = draft.betaIps ? t('configEdit.publishedBeta', { ips: draft.betaIps })
        : t('configEdit.published', { dataId: draft.dataId });
      navigate(link('/configs/edit', namespace, { dataId: draft.dataId, group: draft.group }),
        { replace: true, state: { notice: done } });
      setDraft(null);
      published.reload();
      beta.reload();
      setNotice(done);
    } catch (failure) {
      setError((failure as Error).message);
    }
  };

  const stopBeta = async () => {
    try {
      await api.stopBeta(namespace, dataId, group);
      beta.reload();
      setNotice(t('configEdit.betaStopped'));
    } catch (failure) {
      setError((failure as Error).message);
    }
  };

  return (
    <form className="form wide" onSubmit={review}>
      <div className="title">
        <h1>{creating ? t('configs.create') : t('configEdit.title', { dataId })}</h1>
        {!creating && (
          <>
            <Link to={link('/configs/history', namespace, { dataId, group })}>{t('configs.history')}</Link>
            <Link to={link('/configs/listeners', namespace, { dataId, group })}>{t('configs.listeners')}</Link>
          </>
        )}
        <Link to={link('/configs', namespace)}>{t('configEdit.back')}</Link>
      </div>
      <ErrorNote error={error ?? published.error} />
      <Notice text={notice} />
      {beta.data && (
        <div className="notice">
          {t('configEdit.betaServed', { ips: beta.data.betaIps })}
          <button type="button" onClick={stopBeta}>{t('configEdit.stopBeta')}</button>
        </div>
      )}
      {reviewing ? (
        <>
          <h2>{t('configEdit.review')}</h2>
          <DiffView before={published.data?.content ?? ''} after={draft.content} type={draft.type} />
          <div className="buttons">
            <button type="button" onClick={publish}>{draft.betaIps ? t('configEdit.publishBeta') : t('configEdit.publish')}</button>
            <button type="button" className="link" onClick={() => navigate(-1)}>{t('configEdit.backToEditing')}</button>
          </div>
        </>
      ) : (
        <>
          <div className="grid">
            <label>{t('config.dataId')}<input name="dataId" value={draft.dataId} readOnly={!creating}
              onChange={(event) => setDraft({ ...draft, dataId: event.target.value,
                type: creating ? typeOfDataId(event.target.value) : draft.type })} /></label>
            <label>{t('config.group')}<input name="group" value={draft.group} readOnly={!creating}
              onChange={(event) => change('group')(event.target.value)} /></label>
            <label>{t('config.type')}
              <select name="type" value={draft.type} onChange={(event) => change('type')(event.target.value)}>
                {CONFIG_TYPES.map((type) => <option key={type} value={type}>{type}</option>)}
              </select>
            </label>
            <label>{t('config.appName')}<input name="appName" value={draft.appName}
              onChange={(event) => change('appName')(event.target.value)} /></label>
            <label>{t('config.tags')}<input name="tags" value={draft.tags} placeholder="a,b"
              onChange={(event) => change('tags')(event.target.value)} /></label>
            <label>{t('configEdit.betaIps')}<input name="betaIps" value={draft.betaIps} placeholder="10.0.0.1,10.0.0.2"
              onChange={(event) => change('betaIps')(event.target.value)} /></label>
          </div>
          <label>{t('config.desc')}<input name="desc" value={draft.desc} onChange={(event) => change('desc')(event.target.value)} /></label>
          <Editor value={draft.content} type={draft.type} onChange={change('content')} />
          {problems.length > 0 && draft.content.length > 0 && (
            <ul className="problems" role="alert">{problems.map((problem) => <li key={problem}>{problem}</li>)}</ul>
          )}
          <div className="buttons">
            <button type="submit" disabled={problems.length > 0}>{t('configEdit.reviewAndPublish')}</button>
          </div>
        </>
      )}
    </form>
  );
}
