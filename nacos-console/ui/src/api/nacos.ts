/**
 * The server's HTTP API as the console uses it: one function per call, in the official paths and
 * parameters (v1 Open API and auth), typed by what the server answers.
 */
import { ApiClient, Params } from './client';

export interface Envelope<T> {
  code: number;
  message: string | null;
  data: T;
}

export interface ServerState {
  version?: string;
  auth_enabled?: string;
  login_page_enabled?: string;
  auth_admin_request?: string;
  startup_mode?: string;
  console_ui_enabled?: string;
}

export interface Login {
  accessToken: string;
  tokenTtl: number;
  globalAdmin: boolean;
  username: string;
}

export interface Namespace {
  namespace: string;
  namespaceShowName: string;
  namespaceDesc?: string;
  quota: number;
  configCount: number;
  type: number;
}

export interface Page<T> {
  totalCount: number;
  pageNumber: number;
  pagesAvailable: number;
  pageItems: T[];
}

export interface ConfigRow {
  id: string;
  dataId: string;
  group: string;
  tenant?: string;
  appName?: string;
  type?: string;
  md5?: string;
}

export interface ConfigDetail extends ConfigRow {
  content: string;
  desc?: string;
  configTags?: string;
  createTime?: number;
  modifyTime?: number;
  createUser?: string;
}

export interface Beta {
  dataId: string;
  group: string;
  content: string;
  md5: string;
  betaIps: string;
}

/** One history entry; {@code nid} is the entry's own id, {@code id} the config's. */
export interface HistoryRow {
  id: string;
  nid: string;
  dataId: string;
  group: string;
  opType: string;
  srcUser?: string | null;
  srcIp?: string;
  createdTime?: number | string;
  lastModifiedTime?: number | string;
  content?: string;
  md5?: string;
}

export interface Listeners {
  collectStatus: number;
  lisentersGroupkeyStatus: Record<string, string> | null;
}

export interface ServiceRow {
  name: string;
  groupName: string;
  clusterCount: number;
  ipCount: number;
  healthyInstanceCount: number;
  triggerFlag: string | boolean;
  protectThreshold?: number;
}

export interface ServiceDetail {
  service: {
    name: string;
    groupName: string;
    protectThreshold: number;
    metadata: Record<string, string>;
    selector: { type: string; expression?: string };
  };
  clusters: Array<{
    name: string;
    metadata: Record<string, string>;
    healthChecker: { type: string; [key: string]: unknown };
    defaultPort?: number;
    defaultCheckPort?: number;
    useIPPort4Check?: boolean;
  }>;
}

export interface Instance {
  ip: string;
  port: number;
  weight: number;
  healthy: boolean;
  enabled: boolean;
  ephemeral: boolean;
  clusterName: string;
  serviceName?: string;
  metadata: Record<string, string>;
}

export interface Subscriber {
  addrStr: string;
  agent: string;
  app: string;
  ip?: string;
  port?: number;
}

export interface Member {
  ip: string;
  port: number;
  state: string;
  address: string;
  extendInfo: Record<string, unknown>;
  abilities?: Record<string, unknown>;
}

/** The default namespace's id as the v1 API spells it. */
export const PUBLIC = '';

export function nacosApi(client: ApiClient) {
  const tenant = (namespace: string) => (namespace ? namespace : undefined);
  return {
    state: () => client.get<ServerState>('/v1/console/server/state'),
    login: (username: string, password: string) =>
      client.post<Login>('/v1/auth/users/login', { username, password }),
    initAdmin: (password: string) => client.post<{ username: string; password: string }>(
      '/v1/auth/users/admin', { password }),

    namespaces: () => client.get<Envelope<Namespace[]>>('/v1/console/namespaces').then((e) => e.data),
    createNamespace: (id: string, name: string, desc: string) => client.post<boolean>('/v1/console/namespaces', {
      customNamespaceId: id || undefined, namespaceName: name, namespaceDesc: desc,
    }),
    updateNamespace: (id: string, name: string, desc: string) => client.put<boolean>('/v1/console/namespaces', {
      namespace: id, namespaceShowName: name, namespaceDesc: desc,
    }),
    deleteNamespace: (id: string) => client.delete<boolean>('/v1/console/namespaces', { namespaceId: id }),

    configs: (namespace: string, query: ConfigQuery, pageNo: number, pageSize: number) =>
      client.get<Page<ConfigRow>>('/v1/cs/configs', {
        search: query.blur ? 'blur' : 'accurate',
        dataId: query.blur && query.dataId ? `*${query.dataId}*` : query.dataId,
        group: query.blur && query.group ? `*${query.group}*` : query.group,
        appName: query.appName || undefined,
        config_tags: query.tags || undefined,
        tenant: namespace,
        pageNo,
        pageSize,
      }),
    config: (namespace: string, dataId: string, group: string) =>
      client.get<ConfigDetail | ''>('/v1/cs/configs', { show: 'all', dataId, group, tenant: tenant(namespace) }),
    publish: (namespace: string, config: Publish) => client.post<boolean>('/v1/cs/configs', {
      dataId: config.dataId, group: config.group, content: config.content, type: config.type,
      appName: config.appName || undefined, desc: config.desc || undefined,
      config_tags: config.tags || undefined, tenant: tenant(namespace),
    }, publishHeaders(config)),
    deleteConfig: (namespace: string, dataId: string, group: string) =>
      client.delete<boolean>('/v1/cs/configs', { dataId, group, tenant: tenant(namespace) }),
    deleteConfigs: (ids: string[]) => client.delete<Envelope<boolean>>('/v1/cs/configs', {
      delType: 'ids', ids: ids.join(','),
    }),
    beta: (namespace: string, dataId: string, group: string) => client.get<Envelope<Beta | null>>(
      '/v1/cs/configs', { beta: true, dataId, group, tenant: tenant(namespace) }).then((e) => e.data),
    stopBeta: (namespace: string, dataId: string, group: string) => client.delete<Envelope<boolean>>(
      '/v1/cs/configs', { beta: true, dataId, group, tenant: tenant(namespace) }),
    listeners: (namespace: string, dataId: string, group: string) => client.get<Listeners>(
      '/v1/cs/configs/listener', { dataId, group, tenant: tenant(namespace) }),
    history: (namespace: string, dataId: string, group: string, pageNo: number, pageSize: number) =>
      client.get<Page<HistoryRow>>('/v1/cs/history', {
        search: 'accurate', dataId, group, tenant: tenant(namespace), pageNo, pageSize,
      }),
    historyDetail: (namespace: string, dataId: string, group: string, nid: string) =>
      client.get<HistoryRow>('/v1/cs/history', { nid, dataId, group, tenant: tenant(namespace) }),
    clone: (targetNamespace: string, policy: string, items: Array<{ cfgId: string; dataId: string; group: string }>) =>
      client.postJson<Envelope<{ succCount: number; skipCount: number }>>('/v1/cs/configs', {
        clone: true, tenant: targetNamespace, policy,
      }, items),
    exportConfigs: (namespace: string, ids: string[]) => client.download('/v1/cs/configs', {
      exportV2: true, tenant: namespace, ids: ids.length ? ids.join(',') : undefined,
    }),
    importConfigs: (namespace: string, policy: string, file: File) => {
      const form = new FormData();
      form.append('file', file);
      return client.upload<Envelope<{ succCount: number; skipCount: number }>>('/v1/cs/configs', {
        import: true, namespace, policy,
      }, form);
    },

    services: (namespace: string, name: string, group: string, pageNo: number, pageSize: number) =>
      client.get<{ count: number; serviceList: ServiceRow[] }>('/v1/ns/catalog/services', {
        hasIpCount: true, withInstances: false, namespaceId: namespace, serviceNameParam: name,
        groupNameParam: group, pageNo, pageSize,
      }),
    service: (namespace: string, serviceName: string, groupName: string) =>
      client.get<ServiceDetail>('/v1/ns/catalog/service', { namespaceId: namespace, serviceName, groupName }),
    saveService: (namespace: string, service: ServiceEdit, create: boolean) =>
      client.call<string>(create ? 'POST' : 'PUT', '/v1/ns/service', {
        namespaceId: namespace, serviceName: service.name, groupName: service.groupName,
        protectThreshold: service.protectThreshold, metadata: service.metadata,
        selector: JSON.stringify(service.selector),
      }),
    deleteService: (namespace: string, serviceName: string, groupName: string) =>
      client.delete<string>('/v1/ns/service', { namespaceId: namespace, serviceName, groupName }),
    instances: (namespace: string, serviceName: string, groupName: string, clusterName: string,
      pageNo: number, pageSize: number) =>
      client.get<{ list: Instance[]; count: number }>('/v1/ns/catalog/instances', {
        namespaceId: namespace, serviceName, groupName, clusterName, pageNo, pageSize,
      }),
    updateInstance: (namespace: string, serviceName: string, groupName: string, instance: Instance) =>
      client.put<string>('/v1/ns/instance', {
        namespaceId: namespace, serviceName, groupName, clusterName: instance.clusterName, ip: instance.ip,
        port: instance.port, ephemeral: instance.ephemeral, weight: instance.weight, enabled: instance.enabled,
        metadata: JSON.stringify(instance.metadata),
      }),
    subscribers: (namespace: string, serviceName: string, groupName: string, pageNo: number, pageSize: number) =>
      client.get<{ subscribers: Subscriber[]; count: number }>('/v1/ns/service/subscribers', {
        namespaceId: namespace, serviceName, groupName, pageNo, pageSize, aggregation: true,
      }),

    nodes: () => client.get<Envelope<Member[]>>('/v1/core/cluster/nodes', { withInstances: false })
      .then((e) => e.data),
    connections: () => client.get<Record<string, { metaInfo: ConnectionInfo }>>('/v2/core/loader/current'),
    clusterLoad: () => client.get<ClusterLoad>('/v2/core/loader/cluster'),
    rebalance: (loaderFactor: number) => client.get<string>('/v2/core/loader/smartReloadCluster', { loaderFactor }),

    upgradeMetrics: () => client.get<string>('/v1/ns/upgrade/ops/metrics'),
    switches: () => client.get<Record<string, unknown>>('/v1/ns/operator/switches'),
    setSwitch: (entry: string, value: string) => client.put<string>('/v1/ns/operator/switches', { entry, value }),
    prometheus: () => client.get<string>('/actuator/prometheus'),
    figures: (since: number) => client.get<Envelope<NodeFigures>>('/v3/console/core/figures', { since: since || undefined })
      .then((e) => e.data),
    clusterFigures: () => client.get<Envelope<NodeFigures[]>>('/v3/console/core/figures/cluster').then((e) => e.data),

    mcpServers: (namespace: string, name: string, pageNo: number, pageSize: number) =>
      client.get<Envelope<Page<McpServer>>>('/v3/console/ai/mcp/list', {
        namespaceId: tenant(namespace), mcpName: name || undefined, search: 'blur', pageNo, pageSize,
      }).then((e) => e.data),
    mcpServer: (namespace: string, name: string, version?: string) => client.get<Envelope<McpServer>>(
      '/v3/console/ai/mcp', { namespaceId: tenant(namespace), mcpName: name, version: version || undefined })
      .then((e) => e.data),
    saveMcpServer: (namespace: string, release: McpRelease, creating: boolean) =>
      client.call<Envelope<string>>(creating ? 'POST' : 'PUT', '/v3/console/ai/mcp', {
        namespaceId: tenant(namespace), serverSpecification: release.server, toolSpecification: release.tools || undefined,
        endpointSpecification: release.endpoint || undefined, latest: creating ? undefined : release.latest,
        overrideExisting: creating ? undefined : release.overrideExisting,
      }).then((e) => e.data),
    deleteMcpServer: (namespace: string, name: string, version?: string) => client.delete<Envelope<string>>(
      '/v3/console/ai/mcp', { namespaceId: tenant(namespace), mcpName: name, version: version || undefined }),
    validateMcpImport: (namespace: string, data: string) => client.post<Envelope<McpImportCheck>>(
      '/v3/console/ai/mcp/import/validate', { namespaceId: tenant(namespace), importType: 'json', data })
      .then((e) => e.data),
    executeMcpImport: (namespace: string, data: string, overrideExisting: boolean, skipInvalid: boolean) =>
      client.post<Envelope<McpImportOutcome>>('/v3/console/ai/mcp/import/execute', {
        namespaceId: tenant(namespace), importType: 'json', data, overrideExisting, skipInvalid,
      }).then((e) => e.data),

    agents: (namespace: string, name: string, pageNo: number, pageSize: number) =>
      client.get<Envelope<Page<AgentSummary>>>('/v3/console/ai/a2a/list', {
        namespaceId: tenant(namespace), agentName: name || undefined, search: 'blur', pageNo, pageSize,
      }).then((e) => e.data),
    agent: (namespace: string, name: string, version?: string) => client.get<Envelope<AgentCard>>(
      '/v3/console/ai/a2a', { namespaceId: tenant(namespace), agentName: name, version: version || undefined })
      .then((e) => e.data),
    agentVersions: (namespace: string, name: string) => client.get<Envelope<AgentVersion[]>>(
      '/v3/console/ai/a2a/version/list', { namespaceId: tenant(namespace), agentName: name }).then((e) => e.data),
    saveAgent: (namespace: string, name: string, card: string, registrationType: string, creating: boolean,
      setAsLatest: boolean) => client.call<Envelope<string>>(creating ? 'POST' : 'PUT', '/v3/console/ai/a2a', {
      namespaceId: tenant(namespace), agentName: name, agentCard: card, registrationType,
      setAsLatest: creating ? undefined : setAsLatest,
    }),
    deleteAgent: (namespace: string, name: string, version?: string) => client.delete<Envelope<string>>(
      '/v3/console/ai/a2a', { namespaceId: tenant(namespace), agentName: name, version: version || undefined }),

    users: (pageNo: number, pageSize: number, username: string) => client.get<Page<{ username: string }>>(
      '/v1/auth/users', { pageNo, pageSize, search: 'blur', username: username || undefined }),
    createUser: (username: string, password: string) => client.post<Envelope<string>>('/v1/auth/users', { username, password }),
    deleteUser: (username: string) => client.delete<Envelope<string>>('/v1/auth/users', { username }),
    resetPassword: (username: string, newPassword: string) =>
      client.put<Envelope<string>>('/v1/auth/users', { username, newPassword }),
    roles: (pageNo: number, pageSize: number, username: string) => client.get<Page<{ role: string; username: string }>>(
      '/v1/auth/roles', { pageNo, pageSize, search: 'blur', username: username || undefined }),
    bindRole: (role: string, username: string) => client.post<Envelope<string>>('/v1/auth/roles', { role, username }),
    unbindRole: (role: string, username: string) => client.delete<Envelope<string>>('/v1/auth/roles', { role, username }),
    permissions: (pageNo: number, pageSize: number, role: string) =>
      client.get<Page<{ role: string; resource: string; action: string }>>(
        '/v1/auth/permissions', { pageNo, pageSize, search: 'blur', role: role || undefined }),
    grant: (role: string, resource: string, action: string) =>
      client.post<Envelope<string>>('/v1/auth/permissions', { role, resource, action }),
    revoke: (role: string, resource: string, action: string) =>
      client.delete<Envelope<string>>('/v1/auth/permissions', { role, resource, action }),
  };
}

export interface ConnectionInfo {
  connectionId: string;
  clientIp: string;
  version: string;
  appName?: string;
  labels?: Record<string, string>;
  createTime: number;
  lastActiveTime: number;
}

export interface ClusterLoad {
  detail: Array<{ address: string; metric: { sdkConCount: string; conCount: string; load: string; cpu: string } }>;
  memberCount: number;
  completed: boolean;
  avg: number;
  total: number;
}

export type NacosApi = ReturnType<typeof nacosApi>;

/** What a node did over 5 s, as {@code /v3/console/core/figures} gives it. */
export interface FigurePoint {
  at: number;
  grpcPerSecond: number;
  httpPerSecond: number;
  pushesPerSecond: number;
  grpcP50Millis: number | null;
  grpcP99Millis: number | null;
  httpP99Millis: number | null;
  pushP99Millis: number | null;
  connections: number;
  heapMb: number;
  cpuPercent: number;
}

/** A node's last 15 minutes, or why it did not answer. */
export interface NodeFigures {
  address: string;
  periodMillis?: number;
  points?: FigurePoint[];
  error?: string;
}

export interface McpVersion {
  version: string;
  release_date?: string;
  is_latest?: boolean;
}

export interface McpEndpoint {
  protocol?: string;
  address: string;
  port: number;
  path?: string;
}

export interface McpTool {
  name: string;
  description?: string;
  inputSchema?: unknown;
}

/** An MCP server as the 3.x API shows it: the list's version info and the detail share these fields. */
export interface McpServer {
  id: string;
  name: string;
  namespaceId: string;
  protocol: string;
  description?: string;
  version: string;
  enabled: boolean;
  status?: string;
  capabilities?: string[];
  versionDetail?: McpVersion;
  versionDetails?: McpVersion[];
  allVersions?: McpVersion[];
  latestPublishedVersion?: string;
  toolSpec?: { tools?: McpTool[] };
  backendEndpoints?: McpEndpoint[];
  frontendEndpoints?: McpEndpoint[];
  remoteServerConfig?: { exportPath?: string; serviceRef?: { namespaceId: string; groupName: string; serviceName: string } };
  [field: string]: unknown;
}

/** What the console sends to create or update an MCP server: the specifications as JSON texts. */
export interface McpRelease {
  server: string;
  tools: string;
  endpoint: string;
  latest: boolean;
  overrideExisting: boolean;
}

export interface McpImportCheck {
  valid: boolean;
  totalCount: number;
  validCount: number;
  invalidCount: number;
  duplicateCount: number;
  servers: Array<{ serverName: string; status: string; errors?: string[]; exists: boolean }>;
}

export interface McpImportOutcome {
  success: boolean;
  totalCount: number;
  successCount: number;
  failedCount: number;
  skippedCount: number;
  results: Array<{ serverName: string; serverId?: string; status: string; errorMessage?: string }>;
}

export interface AgentVersion {
  version: string;
  createdAt?: string;
  updatedAt?: string;
  latest?: boolean;
}

export interface AgentSummary {
  name: string;
  description?: string;
  version?: string;
  latestPublishedVersion: string;
  registrationType: string;
  versionDetails: AgentVersion[];
}

export interface AgentCard {
  name: string;
  description?: string;
  version: string;
  url?: string;
  protocolVersion?: string;
  registrationType?: string;
  latestVersion?: boolean;
  skills?: Array<{ id: string; name: string; description?: string }>;
  additionalInterfaces?: Array<{ url: string; transport: string }>;
  [field: string]: unknown;
}

export interface ConfigQuery {
  dataId: string;
  group: string;
  appName: string;
  tags: string;
  blur: boolean;
}

export interface Publish {
  dataId: string;
  group: string;
  content: string;
  type: string;
  appName?: string;
  desc?: string;
  tags?: string;
  casMd5?: string;
  betaIps?: string;
}

export interface ServiceEdit {
  name: string;
  groupName: string;
  protectThreshold: number;
  metadata: string;
  selector: { type: string; expression?: string };
}

/** A compare-and-set publish and a beta publish say so in headers, as the official API reads them. */
function publishHeaders(config: Publish): Record<string, string> {
  const headers: Record<string, string> = {};
  if (config.casMd5 !== undefined) {
    headers.casMd5 = config.casMd5;
  }
  if (config.betaIps) {
    headers.betaIps = config.betaIps;
  }
  return headers;
}

export type { Params };
