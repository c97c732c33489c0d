import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { SessionProvider } from './session';
import { Layout } from '../components/Layout';
import { LoginPage } from '../pages/LoginPage';
import { NamespaceEditPage, NamespacesPage } from '../pages/NamespacesPage';
import { ConfigsPage } from '../pages/ConfigsPage';
import { ConfigListenersPage } from '../pages/ConfigListenersPage';
import { ConfigClonePage, ConfigImportPage } from '../pages/ConfigTransferPages';
import { ServicesPage } from '../pages/ServicesPage';
import { ServiceDetailPage, ServiceEditPage } from '../pages/ServiceDetailPage';
import { AccessPage } from '../pages/AccessPage';
import { UpgradePage } from '../pages/UpgradePage';
import { ErrorNote } from '../components/ErrorNote';
import { t, useLanguage } from '../i18n';

// The editor (CodeMirror and its languages) is most of the bundle, the plots (uPlot) and the AI
// registry's pages much of the rest: each is loaded when a page needs it, so the lists open
// without them.
const ConfigEditPage = lazy(() => import('../pages/ConfigEditPage').then((m) => ({ default: m.ConfigEditPage })));
const ConfigHistoryPage = lazy(() => import('../pages/ConfigHistoryPage').then((m) => ({ default: m.ConfigHistoryPage })));
const ClusterPage = lazy(() => import('../pages/ClusterPage').then((m) => ({ default: m.ClusterPage })));
const LivePage = lazy(() => import('../pages/LivePage').then((m) => ({ default: m.LivePage })));
const McpServersPage = lazy(() => import('../pages/McpPages').then((m) => ({ default: m.McpServersPage })));
const McpServerDetailPage = lazy(() => import('../pages/McpPages').then((m) => ({ default: m.McpServerDetailPage })));
const McpEditPage = lazy(() => import('../pages/McpPages').then((m) => ({ default: m.McpEditPage })));
const McpImportPage = lazy(() => import('../pages/McpPages').then((m) => ({ default: m.McpImportPage })));
const AgentsPage = lazy(() => import('../pages/AgentPages').then((m) => ({ default: m.AgentsPage })));
const AgentDetailPage = lazy(() => import('../pages/AgentPages').then((m) => ({ default: m.AgentDetailPage })));
const AgentEditPage = lazy(() => import('../pages/AgentPages').then((m) => ({ default: m.AgentEditPage })));

/**
 * Which config an edit page shows: another config is another page (a fresh draft), while the
 * step between editing and reviewing is the same page, which keeps the draft.
 */
function configOf(search: string): string {
  const params = new URLSearchParams(search);
  return ['namespace', 'dataId', 'group'].map((name) => params.get(name) ?? '').join('|');
}

/**
 * Every page and dialog has its own path, so the back button and shared links work. The whole
 * console is drawn again in the new language when the user switches.
 */
export function App() {
  const location = useLocation();
  useLanguage();
  return (
    <SessionProvider>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="*" element={(
          <Layout>
            <Suspense fallback={<p className="muted">{t('app.loading')}</p>}>
            <Routes>
              <Route path="/" element={<Navigate to={`/configs${location.search}`} replace />} />
              <Route path="/index.html" element={<Navigate to={`/configs${location.search}`} replace />} />
              <Route path="/configs" element={<ConfigsPage />} />
              <Route path="/configs/new" element={<ConfigEditPage key="new" creating />} />
              <Route path="/configs/edit" element={<ConfigEditPage key={configOf(location.search)} creating={false} />} />
              <Route path="/configs/history" element={<ConfigHistoryPage />} />
              <Route path="/configs/listeners" element={<ConfigListenersPage />} />
              <Route path="/configs/import" element={<ConfigImportPage />} />
              <Route path="/configs/clone" element={<ConfigClonePage />} />
              <Route path="/services" element={<ServicesPage />} />
              <Route path="/services/new" element={<ServiceEditPage creating />} />
              <Route path="/services/edit" element={<ServiceEditPage creating={false} />} />
              <Route path="/services/detail" element={<ServiceDetailPage />} />
              <Route path="/namespaces" element={<NamespacesPage />} />
              <Route path="/namespaces/new" element={<NamespaceEditPage key="new" />} />
              <Route path="/namespaces/edit" element={<NamespaceEditPage key="edit" />} />
              <Route path="/cluster" element={<ClusterPage />} />
              <Route path="/access" element={<Navigate to={`/access/users${location.search}`} replace />} />
              <Route path="/access/users" element={<AccessPage key="users" kind="users" />} />
              <Route path="/access/roles" element={<AccessPage key="roles" kind="roles" />} />
              <Route path="/access/permissions" element={<AccessPage key="permissions" kind="permissions" />} />
              <Route path="/upgrade" element={<UpgradePage />} />
              <Route path="/live" element={<LivePage />} />
              <Route path="/ai/mcp" element={<McpServersPage />} />
              <Route path="/ai/mcp/new" element={<McpEditPage key="new" creating />} />
              <Route path="/ai/mcp/edit" element={<McpEditPage key={location.search} creating={false} />} />
              <Route path="/ai/mcp/detail" element={<McpServerDetailPage />} />
              <Route path="/ai/mcp/import" element={<McpImportPage />} />
              <Route path="/ai/agents" element={<AgentsPage />} />
              <Route path="/ai/agents/new" element={<AgentEditPage key="new" creating />} />
              <Route path="/ai/agents/edit" element={<AgentEditPage key={location.search} creating={false} />} />
              <Route path="/ai/agents/detail" element={<AgentDetailPage />} />
              <Route path="*" element={<ErrorNote error={t('app.noPage', { path: location.pathname })} />} />
            </Routes>
            </Suspense>
          </Layout>
        )} />
      </Routes>
    </SessionProvider>
  );
}
