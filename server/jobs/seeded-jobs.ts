import { sql } from 'kysely';
import type { Db } from '../db/database';

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
 * The jobs every portal has (docs/scheduled-jobs.md), in both seed modes. Migration 014 gave the same
 * rows to databases seeded before it; a job added here later needs a migration of its own for them.
 */
export const SEEDED_JOBS: SeededJob[] = [
  {
    code: 'agentRenewalReminders',
    name: '代理商续约提醒',
    group: '代理商',
    handler: 'renewalReminders',
    cron: '0 8 * * *',
    params: {},
    timeoutSeconds: 300,
    remark: '每天 8:00（北京时间）统计协议 90/60/30 天内到期的代理商',
  },
  {
    code: 'exportFileCleanup',
    name: '过期导出文件清理',
    group: '系统维护',
    handler: 'exportFileCleanup',
    cron: '15 * * * *',
    params: {},
    timeoutSeconds: 300,
    remark: '每小时：导出文件在下载链接过期（1 天）后删除',
  },
  {
    code: 'uploadTempCleanup',
    name: '上传临时文件清理',
    group: '系统维护',
    handler: 'uploadTempCleanup',
    cron: '*/10 * * * *',
    params: { olderThanMinutes: 30 },
    timeoutSeconds: 300,
    remark: '每 10 分钟：删除 30 分钟无写入、从未登记的上传文件',
  },
  {
    code: 'sessionCleanup',
    name: '过期登录令牌清理',
    group: '系统维护',
    handler: 'sessionCleanup',
    cron: '*/5 * * * *',
    params: {},
    timeoutSeconds: 60,
    remark: '每 5 分钟：删除已退出或闲置超过 5 小时的登录令牌',
  },
];

/**
 * Inserts the seeded jobs that are missing. Each is due at once, so a new portal shows every job's
 * first outcome within a tick of starting; after that the schedule decides.
 */
export async function insertSeededJobs(db: Db) {
  for (const job of SEEDED_JOBS) {
    await db
      .insertInto('scheduled_job')
      .values({
        code: job.code,
        name: job.name,
        job_group: job.group,
        handler: job.handler,
        cron_expression: job.cron,
        enabled: true,
        params: JSON.stringify(job.params),
        timeout_seconds: job.timeoutSeconds,
        remark: job.remark,
        next_run_at: sql<Date>`now()`,
      })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
  }
}
