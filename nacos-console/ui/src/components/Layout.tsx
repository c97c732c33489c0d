import { ReactNode } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '../app/session';
import { link, useNamespace } from '../app/links';
import { useLoad } from '../app/load';

const SECTIONS = [
  { path: '/configs', label: 'Configs' },
  { path: '/services', label: 'Services' },
  { path: '/namespaces', label: 'Namespaces' },
  { path: '/cluster', label: 'Cluster' },
  { path: '/upgrade', label: 'Upgrade' },
  { path: '/live', label: 'Live' },
];

/** The frame of every page: the sections, the namespace switcher, who is signed in. */
export function Layout({ children }: { children: ReactNode }) {
  const session = useSession();
  const namespace = useNamespace();
  return (
    <div className="frame">
      <header className="top">
        <span className="brand">Nacos</span>
        <nav>
          {SECTIONS.map((section) => (
            <NavLink key={section.path} to={link(section.path, namespace)}>{section.label}</NavLink>
          ))}
          {session.authEnabled && session.globalAdmin && <NavLink to={link('/access/users', namespace)}>Access</NavLink>}
        </nav>
        <NamespaceSwitcher />
        <span className="who">
          {session.state?.version && <span className="muted">server {session.state.version}</span>}
          {session.username && (
            <>
              <span data-testid="username">{session.username}</span>
              <button type="button" className="link" onClick={() => session.signOut()}>Log out</button>
            </>
          )}
        </span>
      </header>
      <main>{children}</main>
    </div>
  );
}

/** Switching keeps the page and its other parameters, but not its paging. */
function NamespaceSwitcher() {
  const { api } = useSession();
  const namespace = useNamespace();
  const navigate = useNavigate();
  const location = useLocation();
  const namespaces = useLoad(() => api.namespaces(), [api]);
  const choose = (id: string) => {
    const search = new URLSearchParams(location.search);
    search.delete('pageNo');
    if (id) {
      search.set('namespace', id);
    } else {
      search.delete('namespace');
    }
    const text = search.toString();
    navigate(`${location.pathname}${text ? `?${text}` : ''}`);
  };
  return (
    <label className="switcher">
      Namespace
      <select aria-label="namespace" value={namespace} onChange={(event) => choose(event.target.value)}>
        {(namespaces.data ?? [{ namespace: '', namespaceShowName: 'public' }]).map((each) => (
          <option key={each.namespace} value={each.namespace}>
            {each.namespaceShowName}{each.namespace ? ` (${each.namespace})` : ''}
          </option>
        ))}
        {namespaces.data && !namespaces.data.some((each) => each.namespace === namespace) && (
          <option value={namespace}>{namespace} (unknown)</option>
        )}
      </select>
    </label>
  );
}
