import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useSession } from '../app/session';
import { useLoad } from '../app/load';
import { link, useNamespace } from '../app/links';
import { NameSearch, RowActions, useChosenVersion, useNamedList } from './NamedList';
import { Pager } from '../components/Pager';
import { ErrorNote, Notice } from '../components/ErrorNote';
import { EmptyRow } from '../components/EmptyRow';
import { JsonEditForm, JsonField, jsonProblem, specOf } from '../components/JsonField';
import { t } from '../i18n';

/** The A2A agents of the namespace, searched by name (a part of it), paged on the server. */
export function AgentsPage() {
  const { api, namespace, name, paging, list: agents, rows, error, notice, find, remove } = useNamedList(
    (client, ns, part, pageNo, pageSize) => client.agents(ns, part, pageNo, pageSize));

  return (
    <section>
      <div className="title">
        <h1>{t('agents.title')}</h1>
        <Link className="button" to={link('/ai/agents/new', namespace)}>{t('agents.register')}</Link>
      </div>
      <NameSearch ariaLabel="agent name" name={name} onSubmit={find} />
      <ErrorNote error={agents.error ?? error} onRetry={agents.error ? agents.reload : undefined} />
      <Notice text={notice} />
      <table>
        <thead><tr><th>{t('mcp.name')}</th><th>{t('mcp.latest')}</th><th>{t('mcp.versions')}</th>
          <th>{t('agents.registration')}</th><th>{t('config.desc')}</th><th /></tr></thead>
        <tbody>
          {rows.map((agent) => (
            <tr key={agent.name} data-testid={`agent ${agent.name}`}>
              <td className="mono">{agent.name}</td>
              <td>{agent.latestPublishedVersion}</td>
              <td>{agent.versionDetails.length}</td>
              <td>{agent.registrationType}</td>
              <td>{agent.description}</td>
              <RowActions detail={link('/ai/agents/detail', namespace, { name: agent.name })}
                onDelete={() => remove(agent.name, t('agents.confirmDelete', { name: agent.name }),
                  () => api.deleteAgent(namespace, agent.name))} />
            </tr>
          ))}
          <EmptyRow loaded={agents} rows={rows} columns={6} text={t('agents.none')} />
        </tbody>
      </table>
      <Pager paging={paging} total={agents.data?.totalCount ?? 0} />
    </section>
  );
}

/** The fields of an agent's detail that the server adds to the card. */
const COMPUTED = ['registrationType', 'latestVersion'];

/** One agent: the card of a version (the latest unless ?version=), its skills and interfaces, every version. */
export function AgentDetailPage() {
  const { api } = useSession();
  const namespace = useNamespace();
  const navigate = useNavigate();
  const { name, version, choose } = useChosenVersion();
  const card = useLoad(() => api.agent(namespace, name, version), [api, namespace, name, version]);
  const versions = useLoad(() => api.agentVersions(namespace, name), [api, namespace, name]);
  const [error, setError] = useState<string | null>(null);
  const detail = card.data;

  const removeVersion = async (chosen: string) => {
    if (!window.confirm(t('mcp.confirmDeleteVersion', { name, version: chosen }))) {
      return;
    }
    try {
      await api.deleteAgent(namespace, name, chosen);
      choose(null);
      versions.reload();
      card.reload();
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  const removeAll = () => window.confirm(t('agents.confirmDelete', { name })) && api.deleteAgent(namespace, name)
    .then(() => navigate(link('/ai/agents', namespace)), (failure: Error) => setError(failure.message));

  return (
    <section>
      <div className="title">
        <h1>{t('agents.detailTitle', { name })}</h1>
        <Link to={link('/ai/agents/edit', namespace, { name, version: detail?.version })}>{t('mcp.newVersion')}</Link>
        <button type="button" className="link danger" onClick={removeAll}>{t('agents.delete')}</button>
        <Link to={link('/ai/agents', namespace)}>{t('agents.back')}</Link>
      </div>
      <ErrorNote error={card.error ?? versions.error ?? error} onRetry={card.error ? card.reload : undefined} />
      {detail && (
        <>
          <dl className="facts" data-testid="agent detail">
            <dt>{t('history.version')}</dt><dd>{detail.version}{detail.latestVersion ? t('agents.isLatest') : ''}</dd>
            <dt>URL</dt><dd className="mono">{detail.url ?? '—'}</dd>
            <dt>{t('agents.registration')}</dt><dd>{detail.registrationType}</dd>
            <dt>{t('agents.protocolVersion')}</dt><dd>{detail.protocolVersion ?? '—'}</dd>
            <dt>{t('config.desc')}</dt><dd>{detail.description ?? '—'}</dd>
          </dl>
          <h2>{t('agents.skills')}</h2>
          <table>
            <thead><tr><th>ID</th><th>{t('mcp.name')}</th><th>{t('config.desc')}</th></tr></thead>
            <tbody>{(detail.skills ?? []).map((skill) => (
              <tr key={skill.id}><td className="mono">{skill.id}</td><td>{skill.name}</td><td>{skill.description}</td></tr>))}
            {(detail.skills ?? []).length === 0 && <tr><td colSpan={3} className="muted">{t('agents.noSkills')}</td></tr>}
            </tbody>
          </table>
          {(detail.additionalInterfaces ?? []).length > 0 && (
            <>
              <h2>{t('agents.interfaces')}</h2>
              <table>
                <tbody>{(detail.additionalInterfaces ?? []).map((each) => (
                  <tr key={each.url}><td className="mono">{each.url}</td><td>{each.transport}</td></tr>))}</tbody>
              </table>
            </>
          )}
        </>
      )}
      <h2>{t('mcp.versions')}</h2>
      <table>
        <thead><tr><th>{t('history.version')}</th><th>{t('agents.created')}</th><th>{t('agents.updated')}</th><th /></tr></thead>
        <tbody>{(versions.data ?? []).map((each) => (
          <tr key={each.version}>
            <td className="mono">{each.latest ? t('mcp.versionLatest', { version: each.version }) : each.version}</td>
            <td>{each.createdAt}</td><td>{each.updatedAt}</td>
            <td className="actions">
              <button type="button" className="link" onClick={() => choose(each.version)}>{t('agents.show')}</button>
              {(versions.data ?? []).length > 1 && (
                <button type="button" className="link danger" onClick={() => removeVersion(each.version)}>{t('common.delete')}</button>
              )}
            </td>
          </tr>))}
        </tbody>
      </table>
      {detail && (
        <>
          <h2>{t('agents.card')}</h2>
          <pre className="mono small json-view">{JSON.stringify(specOf(detail, COMPUTED), null, 2)}</pre>
        </>
      )}
    </section>
  );
}

const NEW_CARD = JSON.stringify({
  name: 'trip-planner', version: '1.0.0', description: '', protocolVersion: '0.3.0', url: 'http://127.0.0.1:7000/a2a',
  capabilities: { streaming: true }, defaultInputModes: ['text'], defaultOutputModes: ['text'],
  skills: [{ id: 'plan', name: 'Plan a trip', description: '' }],
}, null, 2);

/**
 * Register an agent ({@code /ai/agents/new}) or store a version of its card
 * ({@code /ai/agents/edit?name=}), starting from the version shown.
 */
export function AgentEditPage({ creating }: { creating: boolean }) {
  const { api } = useSession();
  const namespace = useNamespace();
  const [search] = useSearchParams();
  const name = search.get('name') ?? '';
  const existing = useLoad(() => (creating ? Promise.resolve(null) : api.agent(namespace, name, search.get('version') ?? '')),
    [api, namespace, name, creating]);
  const [card, setCard] = useState<string | null>(null);
  const [registration, setRegistration] = useState<string | null>(null);
  const [latest, setLatest] = useState(true);
  if (!creating && !existing.data) {
    return <ErrorNote error={existing.error} onRetry={existing.reload} />;
  }
  const text = card ?? (existing.data ? JSON.stringify(specOf(existing.data, COMPUTED), null, 2) : NEW_CARD);
  const type = registration ?? existing.data?.registrationType ?? 'URL';
  const problem = jsonProblem(t('agents.card'), text, true);

  const save = async () => {
    const saved = (JSON.parse(text) as { name?: string }).name ?? name;
    await api.saveAgent(namespace, saved, text, type, creating, latest);
    return saved;
  };

  return (
    <JsonEditForm title={creating ? t('agents.register') : t('agents.editTitle', { name })} back="/ai/agents"
      backLabel={t('agents.back')} hint={t('agents.editHint')} loadError={existing.error}
      detailPath="/ai/agents/detail" save={save}>
      <JsonField label={t('agents.card')} name="agentCard" value={text} onChange={setCard} />
      <div className="search">
        <label>{t('agents.registration')}
          <select name="registrationType" value={type} onChange={(event) => setRegistration(event.target.value)}>
            <option value="URL">{t('agents.byUrl')}</option>
            <option value="SERVICE">{t('agents.byService')}</option>
          </select>
        </label>
        {!creating && <label><input type="checkbox" checked={latest} onChange={(event) => setLatest(event.target.checked)} /> {t('mcp.makeLatest')}</label>}
      </div>
      {problem && <ul className="problems" role="alert"><li>{problem}</li></ul>}
      <div className="buttons"><button type="submit" disabled={problem !== null}>{creating ? t('agents.registerButton') : t('common.save')}</button></div>
    </JsonEditForm>
  );
}
