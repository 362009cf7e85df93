import { ChannelType } from '../../domain/codes/customers.codes';
import '../styles/registration.css';
import { useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { use, useMemo } from 'react';
import { Link } from 'wouter';
import { progressLogic } from '../../machines/registration/progress.actors';
import { loadAllMessages, useLang, useT } from '../app-context';
import { LanguageSwitch } from '../shell/language-switch';
import type { PageProps } from './page-view';
import { FormRow, TextInput } from './registration/form-row';
import { ProgressResult } from './registration/progress-result';

/** SPEC §2 /prov-progress and /city-progress: an applicant follows the review of an application. */
export default function RegistrationProgressPage({ page, query }: PageProps) {
  use(loadAllMessages(useLang()));
  const t = useT();
  const channel = page.view === 'cityProgress' ? ChannelType.ccp : ChannelType.rsp;
  const prefill = useMemo(() => new URLSearchParams(query).get('no') ?? undefined, [query]);
  const progress = useActorRef(progressLogic, { input: { registrationNo: prefill } });
  const number = useSelector(progress, (s) => s.context.registrationNo);
  const phone = useSelector(progress, (s) => s.context.phone);
  const missing = useSelector(progress, (s) => s.context.missing);
  const error = useSelector(progress, (s) => s.context.error);
  const busy = useSelector(progress, (s) => s.hasTag('busy'));

  return (
    <div className="portal-public-page portal-registration-progress">
      <header className="portal-public-head">
        <h1>{t(`registration.progressTitle.${channel}`)}</h1>
        <div className="portal-public-links">
          <LanguageSwitch />
          <Link href={channel === ChannelType.ccp ? '/city-register' : '/prov-register'}>
            {t('registration.progress.toRegister')}
          </Link>
          <Link href="/login">{t('registration.backToLogin')}</Link>
        </div>
      </header>
      <div className="portal-card">
        <form
          className="portal-progress-query"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            progress.send({ type: 'query.submit' });
          }}
        >
          <FormRow id="progress-no" label={t('registration.progress.number')} required t={t}>
            <TextInput
              id="progress-no"
              value={number}
              invalid={missing === 'registrationNo'}
              onChange={(value) => progress.send({ type: 'query.change', field: 'registrationNo', value })}
            />
          </FormRow>
          <FormRow id="progress-phone" label={t('registration.progress.phone')} required t={t}>
            <TextInput
              id="progress-phone"
              type="tel"
              value={phone}
              invalid={missing === 'phone'}
              onChange={(value) => progress.send({ type: 'query.change', field: 'phone', value })}
            />
          </FormRow>
          <Button type="submit" icon="pi pi-search" label={t('registration.progress.query')} loading={busy} />
        </form>
        {missing && (
          <small className="portal-field-error" role="alert">
            {t(`registration.progress.missing.${missing}`)}
          </small>
        )}
        {error && (
          <div className="portal-form-error" role="alert">
            {t(error) || error}
          </div>
        )}
        <ProgressResult progress={progress} t={t} />
      </div>
    </div>
  );
}
