import { useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { formatDateTime } from '../../domain/format';
import type { cronJobMachine } from '../../machines/admin/cron-job.machine';
import { type ScheduleField, schedulePreview } from '../../machines/admin/cron-job.rules';
import { useT } from '../app-context';
import { Dialog } from '../kit/dialog';
import { fieldLabel } from '../kit/labels';

type CronJobActor = ActorRefFrom<typeof cronJobMachine>;

/**
 * The schedule of a job: its cron expression (with its next times as it is typed), timeout, params and
 * remark. A problem the page or the server finds is shown under the field it is about.
 */
export function CronJobScheduleDialog({ actor }: { actor: CronJobActor }) {
  const t = useT();
  const open = useSelector(actor, (s) => s.hasTag('form'));
  const form = useSelector(actor, (s) => s.context.form);
  const error = useSelector(actor, (s) => s.context.error);
  const errorField = useSelector(actor, (s) => s.context.errorField);
  const saving = useSelector(actor, (s) => s.matches('saving'));
  if (!open) return null;

  const change = (field: ScheduleField, value: string) => actor.send({ type: 'form.change', field, value });
  const field = (name: ScheduleField, input: ReactNode, hint?: ReactNode) => (
    <div className="portal-cron-job-field">
      <label htmlFor={`cronjob-${name}`}>{fieldLabel(t, 'cronJob', name)}</label>
      {input}
      {hint}
      {errorField === name && error && (
        <small className="p-error" role="alert">
          {t(error)}
        </small>
      )}
    </div>
  );
  const invalid = (name: ScheduleField) => (errorField === name ? 'p-invalid' : undefined);
  const preview = schedulePreview(form.CronExpression);

  return (
    <Dialog
      visible
      header={t('cronJobs.schedule.title')}
      onHide={() => actor.send({ type: 'form.cancel' })}
      style={{ width: 'min(560px, 96vw)' }}
      footer={
        <>
          <Button
            outlined
            label={t('cronJobs.schedule.cancel')}
            onClick={() => actor.send({ type: 'form.cancel' })}
          />
          <Button
            label={t('cronJobs.schedule.save')}
            loading={saving}
            onClick={() => actor.send({ type: 'form.submit' })}
          />
        </>
      }
    >
      {error && !errorField && (
        <div className="portal-form-error" role="alert">
          {t(error)}
        </div>
      )}
      <div className="portal-cron-job-form">
        {field(
          'CronExpression',
          <InputText
            id="cronjob-CronExpression"
            className={invalid('CronExpression')}
            value={form.CronExpression}
            onChange={(e) => change('CronExpression', e.target.value)}
          />,
          <small className="portal-cron-job-hint">
            {t('cronJobs.schedule.hint')}
            {preview.length > 0 && (
              <span data-preview>
                <br />
                {t('cronJobs.schedule.preview')}: {preview.map((d) => formatDateTime(d)).join('，')}
              </span>
            )}
          </small>,
        )}
        {field(
          'TimeoutSeconds',
          <InputText
            id="cronjob-TimeoutSeconds"
            inputMode="numeric"
            className={invalid('TimeoutSeconds')}
            value={form.TimeoutSeconds}
            onChange={(e) => change('TimeoutSeconds', e.target.value)}
          />,
        )}
        {field(
          'Params',
          <InputText
            id="cronjob-Params"
            className={invalid('Params')}
            value={form.Params}
            onChange={(e) => change('Params', e.target.value)}
          />,
        )}
        {field(
          'Remark',
          <InputTextarea
            id="cronjob-Remark"
            rows={2}
            className={invalid('Remark')}
            value={form.Remark}
            onChange={(e) => change('Remark', e.target.value)}
          />,
        )}
      </div>
    </Dialog>
  );
}
