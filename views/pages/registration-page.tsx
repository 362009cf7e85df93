import { ChannelType } from '../../domain/codes/customers.codes';
import '../styles/registration.css';
import { useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { use } from 'react';
import { Link } from 'wouter';
import { registrationFormLogic } from '../../machines/registration/registration-form.actors';
import { loadAllMessages, useLang, useT } from '../app-context';
import { LanguageSwitch } from '../shell/language-switch';
import type { PageProps } from './page-view';
import { RegistrationSections } from './registration/registration-sections';

/** Where each channel follows its application. */
export const progressPathOf = (channel: ChannelType) =>
  channel === ChannelType.ccp ? '/city-progress' : '/prov-progress';

/** SPEC §2 /prov-register (RSP) and /city-register (CCP): the public registration, no shell. */
export default function RegistrationPage({ page }: PageProps) {
  // The registry dialog and the upload control speak the kit's messages, which load with the rest.
  use(loadAllMessages(useLang()));
  const t = useT();
  const channel = page.view === 'cityRegister' ? ChannelType.ccp : ChannelType.rsp;
  const form = useActorRef(registrationFormLogic, { input: { channel } });
  const busy = useSelector(form, (s) => s.hasTag('busy'));
  const number = useSelector(form, (s) =>
    s.matches({ form: 'submitted' }) ? s.context.registrationNo : undefined,
  );
  const failure = useSelector(form, (s) => (s.matches({ form: 'failed' }) ? s.context.error : undefined));
  const progressPath = progressPathOf(channel);

  return (
    <div className="portal-public-page portal-registration">
      <header className="portal-public-head">
        <h1>{t(`registration.title.${channel}`)}</h1>
        <div className="portal-public-links">
          <LanguageSwitch />
          <Link href={progressPath}>{t('registration.toProgress')}</Link>
          <Link href="/login">{t('registration.backToLogin')}</Link>
        </div>
      </header>
      {number ? (
        <section className="portal-card portal-registration-done" aria-live="polite">
          <i className="pi pi-check-circle" aria-hidden="true" />
          <h2>{t('registration.submitted')}</h2>
          <p>
            {t('registration.yourNumber')}: <strong data-registration-no>{number}</strong>
          </p>
          <p>{t('registration.keepNumber')}</p>
          <Link href={`${progressPath}?no=${encodeURIComponent(number)}`} className="p-button p-component">
            {t('registration.toProgress')}
          </Link>
        </section>
      ) : (
        <form
          className="portal-card portal-registration-form"
          noValidate
          aria-label={t(`registration.title.${channel}`)}
          onSubmit={(e) => {
            e.preventDefault();
            form.send({ type: 'form.submit' });
          }}
        >
          <p className="portal-registration-intro">{t('registration.intro')}</p>
          <RegistrationSections form={form} t={t} />
          {failure && (
            <div className="portal-form-error" role="alert">
              {t('registration.failed', { message: t(failure) || failure })}
            </div>
          )}
          <div className="portal-registration-actions">
            <Button
              type="submit"
              label={busy ? t('registration.submitting') : t('registration.submit')}
              loading={busy}
              disabled={busy}
            />
          </div>
        </form>
      )}
    </div>
  );
}
