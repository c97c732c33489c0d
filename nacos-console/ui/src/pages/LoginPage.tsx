import { FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSession } from '../app/session';
import { ErrorNote, Notice } from '../components/ErrorNote';

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
        setNotice(`The admin user ${admin.username} is set; sign in with the password you chose.`);
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
        <p>This server does not ask anyone to sign in (auth is off).</p>
        <button type="button" onClick={() => navigate('/configs')}>Open the console</button>
      </div>
    );
  }
  return (
    <form className="login" onSubmit={submit}>
      <h1>Nacos</h1>
      {search.get('reason') && <div className="error" role="alert">Please sign in: {search.get('reason')}</div>}
      <ErrorNote error={session.stateError ?? error} />
      <Notice text={notice} />
      {firstAdmin ? (
        <p>No administrator exists yet. Choose the password of the admin user <b>nacos</b>.</p>
      ) : (
        <label>Username<input name="username" autoComplete="username" value={username}
          onChange={(event) => setUsername(event.target.value)} required /></label>
      )}
      <label>Password<input name="password" type="password" autoComplete={firstAdmin ? 'new-password' : 'current-password'}
        value={password} onChange={(event) => setPassword(event.target.value)} required /></label>
      <button type="submit" disabled={busy}>{firstAdmin ? 'Set the admin password' : 'Sign in'}</button>
    </form>
  );
}
