import { useSelector } from '@xstate/react';
import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { selectLoginBusy, selectLoginError } from '../../machines/session/session.selectors';
import { useApp, useT } from '../app-context';
import { LanguageSwitch } from '../shell/language-switch';

/** Credentials in, session out. Where to go afterwards is the route guard's decision. */
export default function LoginPage() {
  const { session } = useApp();
  const t = useT();
  const busy = useSelector(session, selectLoginBusy);
  const loginError = useSelector(session, selectLoginError);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const missingUser = touched && !username.trim();
  const missingPassword = touched && !password;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!username.trim() || !password) return;
    session.send({ type: 'login.submit', username: username.trim(), password, at: Date.now() });
  };

  return (
    <div className="portal-center portal-login">
      <form className="portal-card" onSubmit={submit} noValidate aria-label={t('app.login.title')}>
        <div className="portal-login-head">
          <h1>{t('app.systemTitle')}</h1>
          <LanguageSwitch />
        </div>
        <div className="portal-field">
          <label htmlFor="login-username">{t('app.login.username')}</label>
          <input
            id="login-username"
            name="username"
            className={`p-inputtext p-component ${missingUser ? 'p-invalid' : ''}`}
            autoComplete="username"
            value={username}
            aria-invalid={missingUser}
            onChange={(e) => setUsername(e.target.value)}
          />
          {missingUser && <small className="portal-field-error">{t('app.login.usernameRequired')}</small>}
        </div>
        <div className="portal-field">
          <label htmlFor="login-password">{t('app.login.password')}</label>
          <input
            id="login-password"
            name="password"
            type="password"
            className={`p-inputtext p-component ${missingPassword ? 'p-invalid' : ''}`}
            autoComplete="current-password"
            value={password}
            aria-invalid={missingPassword}
            onChange={(e) => setPassword(e.target.value)}
          />
          {missingPassword && <small className="portal-field-error">{t('app.login.passwordRequired')}</small>}
        </div>
        {loginError && (
          <div className="portal-form-error" role="alert">
            {t(loginError) || loginError}
          </div>
        )}
        {/* Plain elements in PrimeReact's styles: the login page loads no component library code or theme. */}
        <button type="submit" className="p-button p-component portal-block" disabled={busy} aria-busy={busy}>
          {busy && <span className="portal-button-spinner" aria-hidden="true" />}
          <span className="p-button-label">{busy ? t('app.login.submitting') : t('app.login.submit')}</span>
        </button>
        <div className="portal-login-links">
          <Link href="/prov-register">{t('app.login.register.prov')}</Link>
          <Link href="/city-register">{t('app.login.register.city')}</Link>
        </div>
      </form>
    </div>
  );
}
