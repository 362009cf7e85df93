import '../styles/kit.css';
import '../styles/cron-jobs.css';
import { useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { formatDateTime } from '../../domain/format';
import { cronJobMachine } from '../../machines/admin/cron-job.machine';
import { useLang, useT } from '../app-context';
import { fieldLabel } from '../kit/labels';
import { useNoticeToasts } from '../kit/use-notice-toasts';
import { CronJobRuns } from './cron-job-runs';
import { CronJobScheduleDialog } from './cron-job-schedule-dialog';
import type { PageProps } from './page-view';

/**
 * One scheduled job (docs/scheduled-jobs.md): what it does and when, its run history, and run now,
 * enable or disable, and a new schedule. Times are Beijing time, as the schedules are.
 */
export default function CronJobPage({ page, query }: PageProps) {
  const t = useT();
  const lang = useLang();
  const objectId = useMemo(() => new URLSearchParams(query).get('objectID') ?? '', [query]);
  const actor = useActorRef(cronJobMachine, { input: { objectId } });
  const job = useSelector(actor, (s) => s.context.job);
  const failure = useSelector(actor, (s) => (s.matches('failed') ? s.context.error : undefined));
  const dictionaries = useSelector(actor, (s) => s.context.dictionaries);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const watching = useSelector(actor, (s) => s.hasTag('watching'));
  const mayRunNow = useSelector(actor, (s) => s.can({ type: 'job.runNow' }));
  const mayEnable = useSelector(actor, (s) => s.can({ type: 'job.enable' }));
  const mayDisable = useSelector(actor, (s) => s.can({ type: 'job.disable' }));
  const mayEdit = useSelector(actor, (s) => s.can({ type: 'schedule.edit' }));
  const shownLang = useRef(lang);

  useNoticeToasts(actor);
  // Run messages and outcome names come in the reader's language: a new language reads them again.
  useEffect(() => {
    if (shownLang.current === lang) return;
    shownLang.current = lang;
    actor.send({ type: 'job.reload' });
  }, [actor, lang]);

  const label = (field: string) => fieldLabel(t, 'cronJob', field);
  const dictText = (code: string, value: string | null) =>
    dictionaries[code]?.find((o) => o.keyword === value)?.content ?? value ?? '';
  const fact = (field: string, value: ReactNode, wide = false) => (
    <div className={`portal-cron-job-fact${wide ? ' is-wide' : ''}`} key={field}>
      <dt>{label(field)}</dt>
      <dd data-field={field}>{value}</dd>
    </div>
  );

  return (
    <section className="portal-page portal-cron-job" aria-label={t(page.titleKey)}>
      {failure && (
        <div className="portal-form-error" role="alert">
          {t('cronJobs.loadFailed', { message: t(failure) })}{' '}
          <Button
            size="small"
            text
            label={t('cronJobs.reload')}
            onClick={() => actor.send({ type: 'job.reload' })}
          />
        </div>
      )}
      {!job && !failure && <p className="portal-cron-job-loading">{t('cronJobs.loading')}</p>}
      {job && (
        <>
          <header className="portal-cron-job-header">
            <h2>{job.JobName}</h2>
            <div className="portal-toolbar">
              <Button
                size="small"
                icon="pi pi-play"
                label={t('cronJobs.actions.runNow')}
                disabled={!mayRunNow || busy}
                onClick={() => actor.send({ type: 'job.runNow' })}
              />
              {mayDisable && (
                <Button
                  size="small"
                  outlined
                  severity="secondary"
                  label={t('cronJobs.actions.disable')}
                  disabled={busy}
                  onClick={() => actor.send({ type: 'job.disable' })}
                />
              )}
              {mayEnable && (
                <Button
                  size="small"
                  outlined
                  label={t('cronJobs.actions.enable')}
                  disabled={busy}
                  onClick={() => actor.send({ type: 'job.enable' })}
                />
              )}
              <Button
                size="small"
                text
                icon="pi pi-calendar"
                label={t('cronJobs.actions.editSchedule')}
                disabled={!mayEdit || busy}
                onClick={() => actor.send({ type: 'schedule.edit' })}
              />
            </div>
          </header>
          {watching && (
            <p className="portal-cron-job-watching" role="status">
              <i className="pi pi-spin pi-spinner" aria-hidden="true" />{' '}
              {t(job.RunRequested ? 'cronJobs.queued' : 'cronJobs.running')}
            </p>
          )}
          <dl className="portal-cron-job-facts">
            {fact('JobGroup', job.JobGroup)}
            {fact('Handler', job.Handler)}
            {fact('CronExpression', <code>{job.CronExpression}</code>)}
            {fact('Status', dictText('CronJobStatus', job.Status))}
            {fact(
              'NextRunTime',
              job.NextRunTime ? formatDateTime(job.NextRunTime) : t('cronJobs.notScheduled'),
            )}
            {fact('LastRunTime', job.LastRunTime ? formatDateTime(job.LastRunTime) : t('cronJobs.never'))}
            {fact('LastRunResult', dictText('JobRunResult', job.LastRunResult))}
            {fact('TimeoutSeconds', t('cronJobs.seconds', { n: job.TimeoutSeconds }))}
            {fact('Concurrent', t(job.Concurrent ? 'cronJobs.yes' : 'cronJobs.no'))}
            {fact('Params', <code>{job.Params}</code>)}
            {fact('LastRunMessage', job.LastRunMessage ?? '', true)}
            <div className="portal-cron-job-fact is-wide">
              <dt>{t('cronJobs.handlerDescription')}</dt>
              <dd>{job.HandlerDescription}</dd>
            </div>
            {fact('Remark', job.Remark ?? '', true)}
          </dl>
          <CronJobRuns actor={actor} />
          <CronJobScheduleDialog actor={actor} />
        </>
      )}
    </section>
  );
}
