import { FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSession } from '../app/session';
import { ErrorNote, Notice } from '../components/ErrorNote';
import { t } from '../i18n';
import { LanguageSwitcher } from '../components/Layout';

/**
 * Sign in; on a server with auth on and no admin yet, first set the admin's password (the
 * official {@code POST /v1/auth/users/admin}), which the server allows only once.
 */
export function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [username, setUsername] = useState('nacos');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const firstAdmin = session.state?.auth_admin_request === 'true';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (firstAdmin) {
        const admin = await session.api.initAdmin(password);
        setNotice(t('login.adminSet', { username: admin.username }));
        session.reloadState();
        setUsername(admin.username);
        setPassword('');
        return;
      }
      await session.signIn(username, password);
      navigate(search.get('next') || '/configs', { replace: true });
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (session.state && session.state.auth_enabled !== 'true') {
    return (
      <div className="login">
        <h1>Nacos</h1>
        <p>{t('login.authOff')}</p>
        <button type="button" onClick={() => navigate('/configs')}>{t('login.open')}</button>
      </div>
    );
  }
  return (
    <form className="login" onSubmit={submit}>
      <div className="title"><h1>Nacos</h1><LanguageSwitcher /></div>
      {search.get('reason') && <div className="error" role="alert">{t('login.pleaseSignIn', { reason: search.get('reason') ?? '' })}</div>}
      <ErrorNote error={session.stateError ?? error} />
      <Notice text={notice} />
      {firstAdmin ? (
        <p>{t('login.noAdmin')}</p>
      ) : (
        <label>{t('login.username')}<input name="username" autoComplete="username" value={username}
          onChange={(event) => setUsername(event.target.value)} required /></label>
      )}
      <label>{t('login.password')}<input name="password" type="password" autoComplete={firstAdmin ? 'new-password' : 'current-password'}
        value={password} onChange={(event) => setPassword(event.target.value)} required /></label>
      <button type="submit" disabled={busy}>{firstAdmin ? t('login.setAdmin') : t('login.signIn')}</button>
    </form>
  );
}
