import { useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { Steps } from 'primereact/steps';
import type { ActorRefFrom } from 'xstate';
import type { progressMachine } from '../../../machines/registration/progress.machine';
import { SUPPLEMENT_FIELDS } from '../../../machines/registration/progress.machine';
import type { Translate } from '../../app-context';
import { FormRow, TextInput } from './form-row';
import { LicenceUpload } from './licence-upload';
import { WithdrawAction } from './withdraw-action';

type ProgressRef = ActorRefFrom<typeof progressMachine>;

/** Where the application stands: its steps with the current one, the reason of a return or a rejection. */
export function ProgressResult({ progress: actor, t }: { progress: ProgressRef; t: Translate }) {
  const progress = useSelector(actor, (s) => s.context.progress);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  // The corrections stay on screen behind the withdrawal question.
  const returned = useSelector(
    actor,
    (s) =>
      (s.matches('shown') && s.can({ type: 'supplement.submit' })) ||
      (s.matches('confirmingWithdrawal') && s.context.progress?.State === 'supplement'),
  );
  const corrections = useSelector(actor, (s) => s.context.corrections);
  if (!progress) return null;
  const steps = progress.Steps.map((step) => ({ label: t(`registration.steps.${step}`) }));
  const active = progress.StepIndex ?? (progress.State === 'supplement' ? 0 : -1);
  const state = progress.State;

  return (
    <section className="portal-progress-result" aria-label={t('registration.progress.company')}>
      <p>
        {t('registration.progress.company')}: <strong>{progress.Name}</strong> · {progress.RegistrationNo}
      </p>
      <p className={`portal-progress-state is-${state}`} data-state={state}>
        {t(`registration.states.${state}`)}
      </p>
      <Steps model={steps} activeIndex={active} readOnly aria-label={t('registration.review.state')} />
      {progress.Reason && (state === 'supplement' || state === 'rejected') && (
        <div className="portal-progress-reason" role="status">
          {t(state === 'rejected' ? 'registration.progress.rejectedReason' : 'registration.progress.reason')}:{' '}
          <span data-reason>{progress.Reason}</span>
        </div>
      )}
      {state === 'withdrawn' && (
        <p className="portal-hint" role="status">
          {t('registration.progress.withdrawnNote')}
        </p>
      )}
      <WithdrawAction progress={actor} t={t} />
      {returned && (
        <form
          className="portal-registration-section"
          aria-label={t('registration.progress.supplementTitle')}
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'supplement.submit' });
          }}
        >
          <h3>{t('registration.progress.supplementTitle')}</h3>
          <div className="portal-registration-grid">
            {SUPPLEMENT_FIELDS.map((field) => (
              <FormRow key={field} id={`sup-${field}`} label={t(`registration.fields.${field}`)} t={t}>
                <TextInput
                  id={`sup-${field}`}
                  value={corrections[field] ?? ''}
                  invalid={false}
                  onChange={(value) => actor.send({ type: 'correction.change', field, value })}
                />
              </FormRow>
            ))}
            <FormRow id="sup-licence" label={t('registration.progress.newLicence')} wide t={t}>
              <LicenceUpload
                id="sup-licence"
                region={{}}
                onChange={(files) => actor.send({ type: 'licence.change', files })}
              />
            </FormRow>
          </div>
          <div className="portal-registration-actions">
            <Button
              type="submit"
              label={t('registration.progress.resubmit')}
              loading={busy}
              disabled={busy}
            />
          </div>
        </form>
      )}
    </section>
  );
}
