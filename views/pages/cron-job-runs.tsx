import { useSelector } from '@xstate/react';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import type { ActorRefFrom } from 'xstate';
import { formatDateTime, formatDuration } from '../../domain/format';
import { RUN_RESULT } from '../../domain/scheduled-jobs';
import type { cronJobMachine } from '../../machines/admin/cron-job.machine';
import { type CronJobRun, RUNS_PAGE_SIZE } from '../../machines/admin/cron-job.rules';
import { useT } from '../app-context';

type CronJobActor = ActorRefFrom<typeof cronJobMachine>;

const SEVERITY: Record<string, 'success' | 'danger' | 'warning' | 'info'> = {
  [RUN_RESULT.ok]: 'success',
  [RUN_RESULT.failed]: 'danger',
  [RUN_RESULT.timeout]: 'warning',
  [RUN_RESULT.running]: 'info',
};

/** The job's runs, newest first, a page at a time: when, how long, how it ended and what it said. */
export function CronJobRuns({ actor }: { actor: CronJobActor }) {
  const t = useT();
  const runs = useSelector(actor, (s) => s.context.runs);
  const total = useSelector(actor, (s) => s.context.runsTotal);
  const page = useSelector(actor, (s) => s.context.runsPage);
  const outcomes = useSelector(actor, (s) => s.context.dictionaries.JobRunResult);
  const loading = useSelector(actor, (s) => s.matches('loadingRuns'));
  const outcome = (run: CronJobRun) => (
    <Tag
      severity={SEVERITY[run.Outcome] ?? 'info'}
      value={outcomes?.find((o) => o.keyword === run.Outcome)?.content ?? run.Outcome}
    />
  );

  return (
    <section className="portal-cron-job-runs" aria-label={t('cronJobs.runs.title')}>
      <h3>{t('cronJobs.runs.title')}</h3>
      <DataTable
        className="portal-grid"
        value={runs}
        dataKey="ObjectID"
        size="small"
        stripedRows
        lazy
        paginator
        rows={RUNS_PAGE_SIZE}
        first={(page - 1) * RUNS_PAGE_SIZE}
        totalRecords={total}
        loading={loading}
        onPage={(e) => actor.send({ type: 'runs.page', page: (e.page ?? 0) + 1 })}
        emptyMessage={t('cronJobs.runs.empty')}
      >
        <Column header={t('cronJobs.runs.started')} body={(r: CronJobRun) => formatDateTime(r.StartedOn)} />
        <Column header={t('cronJobs.runs.finished')} body={(r: CronJobRun) => formatDateTime(r.FinishedOn)} />
        <Column
          header={t('cronJobs.runs.duration')}
          body={(r: CronJobRun) => <span className="portal-number">{formatDuration(r.DurationMs)}</span>}
        />
        <Column header={t('cronJobs.runs.outcome')} body={outcome} />
        <Column
          header={t('cronJobs.runs.trigger')}
          body={(r: CronJobRun) => t(`cronJobs.runs.triggers.${r.Trigger}`)}
        />
        <Column header={t('cronJobs.runs.message')} body={(r: CronJobRun) => r.Message ?? ''} />
        <Column header={t('cronJobs.runs.instance')} field="Instance" />
      </DataTable>
    </section>
  );
}
