import { ReactNode } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '../app/session';
import { link, useNamespace } from '../app/links';
import { useLoad } from '../app/load';
import { Language, LANGUAGES, MessageKey, setLanguage, t, useLanguage } from '../i18n';

const SECTIONS: Array<{ path: string; label: MessageKey }> = [
  { path: '/configs', label: 'nav.configs' },
  { path: '/services', label: 'nav.services' },
  { path: '/ai/mcp', label: 'nav.mcp' },
  { path: '/ai/agents', label: 'nav.agents' },
  { path: '/namespaces', label: 'nav.namespaces' },
  { path: '/cluster', label: 'nav.cluster' },
  { path: '/upgrade', label: 'nav.upgrade' },
  { path: '/live', label: 'nav.live' },
];

/** The frame of every page: the sections, the namespace switcher, the language, who is signed in. */
export function Layout({ children }: { children: ReactNode }) {
  const session = useSession();
  const namespace = useNamespace();
  return (
    <div className="frame">
      <header className="top">
        <span className="brand">Nacos</span>
        <nav>
          {SECTIONS.map((section) => (
            <NavLink key={section.path} to={link(section.path, namespace)}>{t(section.label)}</NavLink>
          ))}
          {session.authEnabled && session.globalAdmin && <NavLink to={link('/access/users', namespace)}>{t('nav.access')}</NavLink>}
        </nav>
        <NamespaceSwitcher />
        <LanguageSwitcher />
        <span className="who">
          {session.state?.version && <span className="muted">{t('layout.serverVersion', { version: session.state.version })}</span>}
          {session.username && (
            <>
              <span data-testid="username">{session.username}</span>
              <button type="button" className="link" onClick={() => session.signOut()}>{t('layout.logOut')}</button>
            </>
          )}
        </span>
      </header>
      <main>{children}</main>
    </div>
  );
}

/** The console's language, remembered in this browser. */
export function LanguageSwitcher() {
  const current = useLanguage();
  return (
    <select className="language" aria-label="language" value={current}
      onChange={(event) => setLanguage(event.target.value as Language)}>
      {Object.entries(LANGUAGES).map(([code, { label }]) => <option key={code} value={code}>{label}</option>)}
    </select>
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
      {t('layout.namespace')}
      <select aria-label="namespace" value={namespace} onChange={(event) => choose(event.target.value)}>
        {(namespaces.data ?? [{ namespace: '', namespaceShowName: 'public' }]).map((each) => (
          <option key={each.namespace} value={each.namespace}>
            {each.namespaceShowName}{each.namespace ? ` (${each.namespace})` : ''}
          </option>
        ))}
        {namespaces.data && !namespaces.data.some((each) => each.namespace === namespace) && (
          <option value={namespace}>{t('layout.unknownNamespace', { namespace })}</option>
        )}
      </select>
    </label>
  );
}
