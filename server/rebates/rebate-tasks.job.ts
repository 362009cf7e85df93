import type { JobHandler } from '../jobs/job-handlers';
import { refreshRunningTasks } from './rebate-task.service';

/**
 * The nightly achievement of running rebate tasks (notes §5.2 rebate tasks: the achieved amount
 * updates daily, shown as an estimate): recomputed from effective orders and confirmed payments,
 * never entered by hand.
 */
export const rebateTaskAchievement: JobHandler = {
  descriptionKey: 'server.jobs.handlers.rebateTaskAchievement',
  schedule: { code: 'rebateTaskAchievement', cron: '0 2 * * *', timeoutSeconds: 600 },
  async run(db) {
    return {
      key: 'rebateSettlement.job.achievement.message',
      params: { count: await refreshRunningTasks(db) },
    };
  },
};
