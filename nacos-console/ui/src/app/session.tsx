/**
 * Who is signed in, and the API as that user: one per tab. A 401 or 403 from any call sends the
 * user to the login page with the server's reason, coming back to where they were after it.
 */
import { createContext, ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiClient, tabTokenStore } from '../api/client';
import { nacosApi, NacosApi, ServerState } from '../api/nacos';
import { t } from '../i18n';

export interface Session {
  api: NacosApi;
  state: ServerState | null;
  stateError: string | null;
  authEnabled: boolean;
  username: string | null;
  globalAdmin: boolean;
  signIn(username: string, password: string): Promise<void>;
  signOut(reason?: string): void;
  reloadState(): void;
}

const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) {
    throw new Error(t('app.outsideSession'));
  }
  return session;
}

export function loginPath(reason: string | undefined, next: string): string {
  const query = new URLSearchParams();
  if (reason) {
    query.set('reason', reason);
  }
  if (next && !next.startsWith('/login')) {
    query.set('next', next);
  }
  const text = query.toString();
  return text ? `/login?${text}` : '/login';
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [state, setState] = useState<ServerState | null>(null);
  const [stateError, setStateError] = useState<string | null>(null);
  const [stateVersion, setStateVersion] = useState(0);
  const [user, setUser] = useState(() => ({
    username: sessionStorage.getItem('nacos.username'),
    globalAdmin: sessionStorage.getItem('nacos.globalAdmin') === 'true',
  }));

  const here = `${location.pathname}${location.search}`;
  const session = useMemo<Session>(() => {
    const forget = () => {
      tabTokenStore.set(null);
      sessionStorage.removeItem('nacos.username');
      sessionStorage.removeItem('nacos.globalAdmin');
      setUser({ username: null, globalAdmin: false });
    };
    const client = new ApiClient({
      base: '/nacos',
      tokens: tabTokenStore,
      onUnauthorized: (reason, status) => {
        // Who we are is refused (401; 403 naming the token, as older servers answer): sign in
        // again. A signed-in user refused something (403) stays on the page and sees why.
        if (status === 401 || /token/i.test(reason)) {
          forget();
          navigate(loginPath(reason, window.location.pathname.replace(/^\/nacos/, '') + window.location.search));
        }
      },
    });
    const api = nacosApi(client);
    return {
      api,
      state,
      stateError,
      authEnabled: state?.auth_enabled === 'true',
      username: user.username,
      globalAdmin: user.globalAdmin,
      async signIn(username, password) {
        const login = await api.login(username, password);
        tabTokenStore.set(login.accessToken);
        sessionStorage.setItem('nacos.username', login.username);
        sessionStorage.setItem('nacos.globalAdmin', String(login.globalAdmin));
        setUser({ username: login.username, globalAdmin: login.globalAdmin });
      },
      signOut(reason) {
        forget();
        navigate(loginPath(reason, ''));
      },
      reloadState: () => setStateVersion((v) => v + 1),
    };
  }, [navigate, state, stateError, user]);

  useEffect(() => {
    session.api.state().then((s) => {
      setState(s);
      setStateError(null);
    }, (error: Error) => setStateError(error.message));
  }, [stateVersion]); // eslint-disable-line react-hooks/exhaustive-deps

  const needsLogin = state?.auth_enabled === 'true' && !tabTokenStore.get() && !location.pathname.startsWith('/login');
  useEffect(() => {
    if (needsLogin) {
      navigate(loginPath(undefined, here), { replace: true });
    }
  }, [needsLogin, here, navigate]);

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
