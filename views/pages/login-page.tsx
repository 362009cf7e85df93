import { useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
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
          <InputText
            id="login-username"
            name="username"
            autoComplete="username"
            value={username}
            invalid={missingUser}
            onChange={(e) => setUsername(e.target.value)}
          />
          {missingUser && <small className="portal-field-error">{t('app.login.usernameRequired')}</small>}
        </div>
        <div className="portal-field">
          <label htmlFor="login-password">{t('app.login.password')}</label>
          <InputText
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            invalid={missingPassword}
            onChange={(e) => setPassword(e.target.value)}
          />
          {missingPassword && <small className="portal-field-error">{t('app.login.passwordRequired')}</small>}
        </div>
        {loginError && (
          <div className="portal-form-error" role="alert">
            {t(loginError) || loginError}
          </div>
        )}
        <Button
          type="submit"
          className="portal-block"
          loading={busy}
          label={busy ? t('app.login.submitting') : t('app.login.submit')}
        />
        <div className="portal-login-links">
          <Link href="/prov-register">{t('app.login.register.prov')}</Link>
          <Link href="/city-register">{t('app.login.register.city')}</Link>
        </div>
      </form>
    </div>
  );
}
