import { areaJobHandlers } from '../areas/areas';
import { translate } from '../http/i18n';

export interface SeededJob {
  code: string;
  name: string;
  group: string;
  handler: string;
  cron: string;
  params: Record<string, unknown>;
  timeoutSeconds: number;
  remark: string;
}

/**
 * The jobs every portal has (docs/scheduled-jobs.md), in both seed modes: one per job an area
 * declares, on the schedule its handler names. The reference step (server/reference/reconcile.ts)
 * adds the ones a database lacks on every start, so a job added to an area reaches databases seeded
 * before it without a migration. Names, groups and remarks are stored in Chinese, the portal's
 * default; the job list shows them in the reader's language from the locales.
 */
export function seededJobs(): SeededJob[] {
  return [...areaJobHandlers()].flatMap(([handler, job]) => {
    if (!job.schedule) return [];
    const { code, cron, timeoutSeconds, params } = job.schedule;
    return [
      {
        code,
        name: translate('zh', `server.jobs.titles.${code}.name`),
        group: translate('zh', `server.jobs.titles.${code}.group`),
        handler,
        cron,
        params: params ?? {},
        timeoutSeconds,
        remark: translate('zh', job.descriptionKey),
      },
    ];
  });
}
