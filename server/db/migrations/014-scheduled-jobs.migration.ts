import { type Kysely, sql } from 'kysely';

/**
 * Scheduled jobs (docs/scheduled-jobs.md): the jobs with their schedules, and one row per run. A
 * server claims a due run by locking the job row, moving its next run on and inserting the run in one
 * transaction, so servers sharing the database never run one due run twice.
 *
 * These tables take over from the generic `cronJob` records of the shared table, which never ran and
 * are left where they are. A database seeded before gets the seeded jobs here (a fresh one gets them
 * from the seed) and the JobRunResult entry for a run that timed out. The rows are written out in
 * full because a migration never changes once released, whatever the seed's list becomes.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('scheduled_job')
    .addColumn('object_id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('job_group', 'text', (c) => c.notNull())
    .addColumn('handler', 'text', (c) => c.notNull())
    .addColumn('cron_expression', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('concurrent', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('params', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('timeout_seconds', 'integer', (c) => c.notNull().defaultTo(300))
    .addColumn('remark', 'text')
    .addColumn('next_run_at', 'timestamptz')
    .addColumn('run_requested_at', 'timestamptz')
    .addColumn('last_run_id', 'uuid')
    .addColumn('last_run_at', 'timestamptz')
    .addColumn('last_outcome', 'text')
    .addColumn('last_message', 'jsonb')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Every tick of every server asks for the due jobs; the enabled ones with a time, or a request.
  await sql`create index scheduled_job_due_idx on scheduled_job (next_run_at) where enabled`.execute(db);
  await sql`create index scheduled_job_requested_idx on scheduled_job (run_requested_at)
    where run_requested_at is not null`.execute(db);

  await db.schema
    .createTable('scheduled_job_run')
    .addColumn('object_id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('job_id', 'uuid', (c) => c.notNull().references('scheduled_job.object_id').onDelete('cascade'))
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('duration_ms', 'integer')
    .addColumn('outcome', 'text', (c) => c.notNull().defaultTo('running'))
    .addColumn('message', 'jsonb')
    .addColumn('instance', 'text', (c) => c.notNull())
    .execute();
  // A job's history, newest first; and the runs still open, which the claim and the sweep look at.
  await sql`create index scheduled_job_run_job_idx on scheduled_job_run (job_id, started_at desc)`.execute(
    db,
  );
  await sql`create index scheduled_job_run_running_idx on scheduled_job_run (job_id)
    where outcome = 'running'`.execute(db);

  await sql`insert into dictionary_entry (code, module, keyword, content_zh, content_en, enabled, sort)
    select 'JobRunResult', 'System', '131', '超时', 'Timed out', true, max(sort) + 1
    from dictionary_entry where code = 'JobRunResult' having count(*) > 0
    on conflict (code, keyword) do nothing`.execute(db);

  const seeded = await sql<{ n: number }>`select count(*)::int as n from employee`.execute(db);
  if (!seeded.rows[0]?.n) return;
  const jobs: [string, string, string, string, string, string, number, string][] = [
    [
      'agentRenewalReminders',
      '代理商续约提醒',
      '代理商',
      'renewalReminders',
      '0 8 * * *',
      '{}',
      300,
      '每天 8:00（北京时间）统计协议 90/60/30 天内到期的代理商',
    ],
    [
      'exportFileCleanup',
      '过期导出文件清理',
      '系统维护',
      'exportFileCleanup',
      '15 * * * *',
      '{}',
      300,
      '每小时：导出文件在下载链接过期（1 天）后删除',
    ],
    [
      'uploadTempCleanup',
      '上传临时文件清理',
      '系统维护',
      'uploadTempCleanup',
      '*/10 * * * *',
      '{"olderThanMinutes":30}',
      300,
      '每 10 分钟：删除 30 分钟无写入、从未登记的上传文件',
    ],
    [
      'sessionCleanup',
      '过期登录令牌清理',
      '系统维护',
      'sessionCleanup',
      '*/5 * * * *',
      '{}',
      60,
      '每 5 分钟：删除已退出或闲置超过 5 小时的登录令牌',
    ],
  ];
  for (const [code, name, group, handler, cron, params, timeout, remark] of jobs) {
    // Due at once: each job runs when the server next starts, then on its schedule.
    await sql`insert into scheduled_job (code, name, job_group, handler, cron_expression, params,
        timeout_seconds, remark, next_run_at)
      values (${code}, ${name}, ${group}, ${handler}, ${cron}, ${params}::jsonb, ${timeout}, ${remark}, now())
      on conflict (code) do nothing`.execute(db);
  }
}
