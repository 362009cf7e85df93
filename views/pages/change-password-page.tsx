import { useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { type FormEvent, useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import { type PasswordForm, passwordChangeMachine } from '../../machines/session/password-change.machine';
import { changePassword } from '../../machines/session/session.commands';
import { selectEmployee, selectMustChangePassword } from '../../machines/session/session.selectors';
import { useApp, useT } from '../app-context';
import { toast } from '../shell/toast-bus';
import { PasswordStrengthHint, usePasswordStrength } from './password-strength-hint';

const emptyForm: PasswordForm = { oldPassword: '', newPassword: '', confirmPassword: '' };
const fields: (keyof PasswordForm)[] = ['oldPassword', 'newPassword', 'confirmPassword'];
const labels = {
  oldPassword: 'app.password.old',
  newPassword: 'app.password.new',
  confirmPassword: 'app.password.confirm',
};

export default function ChangePasswordPage() {
  const { session } = useApp();
  const t = useT();
  const forced = useSelector(session, selectMustChangePassword);
  const actor = useActorRef(
    passwordChangeMachine.provide({
      actors: { updatePassword: fromPromise<void, PasswordForm>(({ input }) => changePassword(input)) },
    }),
  );
  const errors = useSelector(actor, (s) => s.context.errors);
  const failure = useSelector(actor, (s) => s.context.failure);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const [form, setForm] = useState<PasswordForm>(emptyForm);
  const username = useSelector(session, (s) => selectEmployee(s)?.ExtUserName_SDK ?? '');
  const strength = usePasswordStrength(form.newPassword, username);

  useEffect(() => {
    const sub = actor.on('password.changed', () => {
      toast({ text: 'app.password.changed', severity: 'success', life: 3000 });
      setForm(emptyForm);
      session.send({ type: 'password.changed' });
    });
    return () => sub.unsubscribe();
  }, [actor, session]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({
      type: 'form.submit',
      form,
      weakness: strength.state === 'weak' ? strength.messageKey : undefined,
    });
  };
  const message = (field: keyof PasswordForm) => {
    const error = errors[field];
    if (!error) return null;
    const text = error === 'required' ? `${t(labels[field])}${t('app.form.required')}` : t(error);
    return <small className="portal-field-error">{text}</small>;
  };

  return (
    <section className="portal-page portal-narrow">
      <h2>{t('route.changePassword')}</h2>
      {forced && <Message severity="warn" text={t('app.password.firstTime')} className="portal-block" />}
      <form onSubmit={submit} noValidate aria-label={t('route.changePassword')}>
        {fields.map((field) => (
          <div className="portal-field" key={field}>
            <label htmlFor={`pw-${field}`}>{t(labels[field])}</label>
            <InputText
              id={`pw-${field}`}
              type="password"
              autoComplete={field === 'oldPassword' ? 'current-password' : 'new-password'}
              value={form[field]}
              invalid={Boolean(errors[field])}
              onChange={(e) => setForm({ ...form, [field]: e.target.value })}
            />
            {message(field)}
            {field === 'newPassword' && <PasswordStrengthHint strength={strength} />}
          </div>
        ))}
        <small className="portal-hint">{t('app.password.rule')}</small>
        {failure && (
          <div className="portal-form-error" role="alert">
            {t(failure) || failure}
          </div>
        )}
        <Button type="submit" label={t('app.password.submit')} loading={busy} />
      </form>
    </section>
  );
}
