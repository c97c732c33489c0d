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
import { McpEndpoint, McpImportCheck, McpImportOutcome, McpServer, NacosApi } from '../api/nacos';
import { t } from '../i18n';

/** The MCP servers of the namespace, searched by name (a part of it), paged on the server. */
export function McpServersPage() {
  const { api, namespace, name, paging, list: servers, rows, error, notice, find, remove } = useNamedList(
    (client, ns, part, pageNo, pageSize) => client.mcpServers(ns, part, pageNo, pageSize));

  return (
    <section>
      <div className="title">
        <h1>{t('mcp.title')}</h1>
        <Link className="button" to={link('/ai/mcp/new', namespace)}>{t('mcp.create')}</Link>
        <Link to={link('/ai/mcp/import', namespace)}>{t('mcp.import')}</Link>
      </div>
      <NameSearch ariaLabel="mcp name" name={name} onSubmit={find} />
      <ErrorNote error={servers.error ?? error} onRetry={servers.error ? servers.reload : undefined} />
      <Notice text={notice} />
      <table>
        <thead><tr><th>{t('mcp.name')}</th><th>{t('mcp.protocol')}</th><th>{t('mcp.latest')}</th>
          <th>{t('mcp.versions')}</th><th>{t('mcp.tools')}</th><th>{t('mcp.enabled')}</th><th>{t('config.desc')}</th><th /></tr></thead>
        <tbody>
          {rows.map((server) => (
            <tr key={server.id} data-testid={`mcp ${server.name}`}>
              <td className="mono">{server.name}</td>
              <td>{server.protocol}</td>
              <td>{server.latestPublishedVersion ?? server.version}</td>
              <td>{server.versionDetails?.length ?? 1}</td>
              <td>{server.capabilities?.includes('TOOL') ? t('listeners.yes') : '—'}</td>
              <td className={server.enabled ? '' : 'danger'}>{server.enabled ? t('mcp.on') : t('mcp.off')}</td>
              <td>{server.description}</td>
              <RowActions detail={link('/ai/mcp/detail', namespace, { name: server.name })}
                onDelete={() => remove(server.name, t('mcp.confirmDelete', { name: server.name }),
                  () => api.deleteMcpServer(namespace, server.name))} />
            </tr>
          ))}
          <EmptyRow loaded={servers} rows={rows} columns={8} text={t('mcp.none')} />
        </tbody>
      </table>
      <Pager paging={paging} total={servers.data?.totalCount ?? 0} />
    </section>
  );
}

/** The fields of a detail that the server computes; the rest is the specification as published. */
const COMPUTED = ['id', 'namespaceId', 'version', 'versionDetail', 'allVersions', 'toolSpec', 'backendEndpoints',
  'frontendEndpoints', 'capabilities', 'status', 'versionDetails', 'latestPublishedVersion'];

/** The group a server's own endpoints go into, when it refers to no service of its own. */
const OWN_ENDPOINTS = 'mcp-endpoints';

/**
 * Where a version is served, as its endpoint specification: the service it refers to, or, when it
 * has a service of its own, the address it was given (the first backend endpoint).
 */
function endpointOf(server: McpServer): string {
  const ref = server.remoteServerConfig?.serviceRef;
  if (!ref) {
    return '';
  }
  if (ref.groupName === OWN_ENDPOINTS && ref.serviceName === `${server.name}::${server.version}`) {
    const first = server.backendEndpoints?.[0];
    return first ? JSON.stringify({ type: 'DIRECT', data: { address: first.address, port: String(first.port) } }, null, 2) : '';
  }
  return JSON.stringify({ type: 'REF', data: { namespaceId: ref.namespaceId, groupName: ref.groupName,
    serviceName: ref.serviceName } }, null, 2);
}

/** A version's specification, tools and endpoint as the edit page and the switch send them again. */
function releaseOf(server: McpServer, version: string, enabled: boolean) {
  const spec = JSON.parse(JSON.stringify(specOf(server, COMPUTED))) as Record<string, unknown>;
  spec.versionDetail = { version };
  spec.enabled = enabled;
  const remote = spec.remoteServerConfig as { serviceRef?: unknown } | undefined;
  if (remote) {
    delete remote.serviceRef;
  }
  const endpoint = endpointOf(server);
  return {
    server: JSON.stringify(spec, null, 2),
    tools: server.toolSpec ? JSON.stringify(server.toolSpec, null, 2) : '',
    endpoint,
  };
}

/** One MCP server: a version (the latest unless ?version=), its tools and where it is served, its versions. */
export function McpServerDetailPage() {
  const { api } = useSession();
  const namespace = useNamespace();
  const navigate = useNavigate();
  const { name, version, choose } = useChosenVersion();
  const server = useLoad(() => api.mcpServer(namespace, name, version), [api, namespace, name, version]);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const detail = server.data;

  const act = async (work: () => Promise<unknown>, done: string) => {
    setError(null);
    try {
      await work();
      setNotice(done);
      server.reload();
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  const toggle = (current: McpServer) => act(() => api.saveMcpServer(namespace, {
    ...releaseOf(current, current.version, !current.enabled), latest: Boolean(current.versionDetail?.is_latest),
    overrideExisting: true,
  }, false), current.enabled ? t('mcp.disabled', { name }) : t('mcp.enabledNow', { name }));
  const removeVersion = (current: McpServer) => window.confirm(t('mcp.confirmDeleteVersion', { name, version: current.version }))
    && act(async () => {
      await api.deleteMcpServer(namespace, name, current.version);
      choose(null);
    }, t('mcp.versionDeleted', { version: current.version }));
  const removeAll = () => window.confirm(t('mcp.confirmDelete', { name })) && api.deleteMcpServer(namespace, name)
    .then(() => navigate(link('/ai/mcp', namespace)), (failure: Error) => setError(failure.message));
  return (
    <section>
      <div className="title">
        <h1>{t('mcp.detailTitle', { name })}</h1>
        <Link to={link('/ai/mcp/edit', namespace, { name, version: detail?.version })}>{t('mcp.newVersion')}</Link>
        {detail && <button type="button" onClick={() => toggle(detail)}>{detail.enabled ? t('mcp.disable') : t('mcp.enable')}</button>}
        {detail && (detail.allVersions?.length ?? 0) > 1 && (
          <button type="button" className="link danger" onClick={() => removeVersion(detail)}>{t('mcp.deleteVersion')}</button>
        )}
        <button type="button" className="link danger" onClick={removeAll}>{t('mcp.delete')}</button>
        <Link to={link('/ai/mcp', namespace)}>{t('mcp.back')}</Link>
      </div>
      <ErrorNote error={server.error ?? error} onRetry={server.error ? server.reload : undefined} />
      <Notice text={notice} />
      {detail && (
        <>
          <dl className="facts" data-testid="mcp detail">
            <dt>ID</dt><dd className="mono">{detail.id}</dd>
            <dt>{t('mcp.protocol')}</dt><dd>{detail.protocol}</dd>
            <dt>{t('history.version')}</dt>
            <dd>
              <select aria-label="version" value={detail.version} onChange={(event) => choose(event.target.value)}>
                {(detail.allVersions ?? []).map((each) => (
                  <option key={each.version} value={each.version}>
                    {each.is_latest ? t('mcp.versionLatest', { version: each.version }) : each.version}
                  </option>
                ))}
              </select>
            </dd>
            <dt>{t('mcp.released')}</dt><dd>{detail.versionDetail?.release_date ?? '—'}</dd>
            <dt>{t('mcp.enabled')}</dt><dd>{detail.enabled ? t('mcp.on') : t('mcp.off')}</dd>
            <dt>{t('config.desc')}</dt><dd>{detail.description ?? '—'}</dd>
            {detail.remoteServerConfig?.serviceRef && (
              <><dt>{t('mcp.service')}</dt><dd className="mono">{[detail.remoteServerConfig.serviceRef.namespaceId,
                detail.remoteServerConfig.serviceRef.groupName, detail.remoteServerConfig.serviceRef.serviceName].join(' / ')}</dd></>
            )}
          </dl>
          <h2>{t('mcp.tools')}</h2>
          <table>
            <thead><tr><th>{t('mcp.toolName')}</th><th>{t('config.desc')}</th><th>{t('mcp.inputSchema')}</th></tr></thead>
            <tbody>
              {(detail.toolSpec?.tools ?? []).map((tool) => (
                <tr key={tool.name}><td className="mono">{tool.name}</td><td>{tool.description}</td>
                  <td className="mono small"><pre>{JSON.stringify(tool.inputSchema ?? {}, null, 2)}</pre></td></tr>
              ))}
              {(detail.toolSpec?.tools ?? []).length === 0 && <tr><td colSpan={3} className="muted">{t('mcp.noTools')}</td></tr>}
            </tbody>
          </table>
          {detail.protocol !== 'stdio' && (
            <div className="grid2">
              <Endpoints title={t('mcp.backend')} endpoints={detail.backendEndpoints ?? []} />
              <Endpoints title={t('mcp.frontend')} endpoints={detail.frontendEndpoints ?? []} />
            </div>
          )}
        </>
      )}
    </section>
  );
}

function Endpoints({ title, endpoints }: { title: string; endpoints: McpEndpoint[] }) {
  return (
    <table>
      <thead><tr><th colSpan={3}>{title}</th></tr></thead>
      <tbody>
        {endpoints.map((each) => (
          <tr key={`${each.address}:${each.port}${each.path ?? ''}`} data-testid="endpoint">
            <td className="mono">{each.address}:{each.port}</td><td className="mono">{each.path}</td><td>{each.protocol}</td>
          </tr>
        ))}
        {endpoints.length === 0 && <tr><td colSpan={3} className="muted">{t('mcp.noEndpoints')}</td></tr>}
      </tbody>
    </table>
  );
}

const NEW_SERVER = JSON.stringify({
  name: 'weather', protocol: 'mcp-sse', description: '', versionDetail: { version: '1.0.0' },
  remoteServerConfig: { exportPath: '/sse' },
}, null, 2);
const NEW_TOOLS = JSON.stringify({ tools: [{ name: 'get_weather', description: '', inputSchema: {
  type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }] }, null, 2);
const NEW_ENDPOINT = JSON.stringify({ type: 'DIRECT', data: { address: '127.0.0.1', port: '8080' } }, null, 2);

/**
 * Create an MCP server ({@code /ai/mcp/new}) or publish a version of one ({@code /ai/mcp/edit?name=}),
 * starting from the version shown. The three specifications are JSON, checked here before they
 * are sent; the server checks them again and stores nothing of a refused one.
 */
export function McpEditPage({ creating }: { creating: boolean }) {
  const { api } = useSession();
  const namespace = useNamespace();
  const [search] = useSearchParams();
  const name = search.get('name') ?? '';
  const existing = useLoad(() => (creating ? Promise.resolve(null) : api.mcpServer(namespace, name, search.get('version') ?? '')),
    [api, namespace, name, creating]);
  const start = existing.data ? releaseOf(existing.data, existing.data.version, existing.data.enabled) : null;
  const [server, setServer] = useState<string | null>(null);
  const [tools, setTools] = useState<string | null>(null);
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [latest, setLatest] = useState(true);
  const [overrideExisting, setOverrideExisting] = useState(false);
  if (!creating && !existing.data) {
    return <ErrorNote error={existing.error} onRetry={existing.reload} />;
  }
  const texts = {
    server: server ?? start?.server ?? NEW_SERVER,
    tools: tools ?? start?.tools ?? (creating ? NEW_TOOLS : ''),
    endpoint: endpoint ?? start?.endpoint ?? (creating ? NEW_ENDPOINT : ''),
  };
  const problems = [jsonProblem(t('mcp.serverSpec'), texts.server, true), jsonProblem(t('mcp.toolSpec'), texts.tools, false),
    jsonProblem(t('mcp.endpointSpec'), texts.endpoint, false)].filter((problem): problem is string => problem !== null);

  const save = async () => {
    await api.saveMcpServer(namespace, { ...texts, latest, overrideExisting }, creating);
    return (JSON.parse(texts.server) as { name?: string }).name ?? name;
  };

  return (
    <JsonEditForm title={creating ? t('mcp.create') : t('mcp.editTitle', { name })} back="/ai/mcp"
      backLabel={t('mcp.back')} hint={t('mcp.editHint')} loadError={existing.error} detailPath="/ai/mcp/detail"
      save={save}>
      <JsonField label={t('mcp.serverSpec')} name="serverSpecification" value={texts.server} onChange={setServer} />
      <JsonField label={t('mcp.toolSpec')} name="toolSpecification" value={texts.tools} onChange={setTools} />
      <JsonField label={t('mcp.endpointSpec')} name="endpointSpecification" value={texts.endpoint} onChange={setEndpoint} />
      {!creating && (
        <div className="search">
          <label><input type="checkbox" checked={latest} onChange={(event) => setLatest(event.target.checked)} /> {t('mcp.makeLatest')}</label>
          <label><input type="checkbox" checked={overrideExisting}
            onChange={(event) => setOverrideExisting(event.target.checked)} /> {t('mcp.override')}</label>
        </div>
      )}
      {problems.length > 0 && <ul className="problems" role="alert">{problems.map((problem) => <li key={problem}>{problem}</li>)}</ul>}
      <div className="buttons"><button type="submit" disabled={problems.length > 0}>{creating ? t('common.create') : t('configEdit.publish')}</button></div>
    </JsonEditForm>
  );
}

/** Import servers described as the MCP registry lists them: checked first, then imported. */
export function McpImportPage() {
  const { api } = useSession();
  const namespace = useNamespace();
  const [data, setData] = useState('');
  const [override, setOverride] = useState(false);
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [check, setCheck] = useState<McpImportCheck | null>(null);
  const [outcome, setOutcome] = useState<McpImportOutcome | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: (api: NacosApi) => Promise<void>) => {
    setError(null);
    try {
      await work(api);
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  return (
    <section className="form wide">
      <div className="title"><h1>{t('mcp.importTitle')}</h1><Link to={link('/ai/mcp', namespace)}>{t('mcp.back')}</Link></div>
      <p className="muted">{t('mcp.importHint')}</p>
      <ErrorNote error={error} />
      <JsonField label={t('mcp.importData')} name="data" value={data} onChange={setData} />
      <div className="search">
        <label><input type="checkbox" checked={override} onChange={(event) => setOverride(event.target.checked)} /> {t('mcp.importOverride')}</label>
        <label><input type="checkbox" checked={skipInvalid} onChange={(event) => setSkipInvalid(event.target.checked)} /> {t('mcp.importSkip')}</label>
        <button type="button" onClick={() => run(async (client) => setCheck(await client.validateMcpImport(namespace, data)))}>{t('mcp.importCheck')}</button>
        <button type="button" className="button" onClick={() => run(async (client) => setOutcome(
          await client.executeMcpImport(namespace, data, override, skipInvalid)))}>{t('mcp.import')}</button>
      </div>
      {check && (
        <table data-testid="import check">
          <thead><tr><th>{t('mcp.name')}</th><th>{t('mcp.importStatus')}</th><th>{t('mcp.importErrors')}</th></tr></thead>
          <tbody>{check.servers.map((each, i) => (
            <tr key={`${each.serverName}${i}`}><td className="mono">{each.serverName}</td><td>{each.status}</td>
              <td>{(each.errors ?? []).join('; ')}</td></tr>))}</tbody>
        </table>
      )}
      {outcome && (
        <div className="notice" role="status">
          {t('mcp.importOutcome', { success: outcome.successCount, skipped: outcome.skippedCount, failed: outcome.failedCount })}
        </div>
      )}
    </section>
  );
}
