import { sql } from 'kysely';
import { businessDay } from '../../domain/business-clock';
import { SYSTEM_ACTOR } from '../../machines/workflows/actor';
import { type Db, inTransaction } from '../db/database';
import type { JobHandler } from '../jobs/job-handlers';
import { dispatch } from '../workflows/engine';
import { recordAnswer } from './rsp-confirmation.rounds';

/**
 * Confirms every RSP line still pending after its deadline (notes §6.2 step 4: no response counts
 * as confirmed, with a flag): the line shows "auto-confirmed", when, and the figure it stands for.
 * Answers how many it confirmed.
 */
export async function autoConfirmRspLines(db: Db, now: Date): Promise<number> {
  const today = businessDay(now);
  const due = await sql<{ stream_id: string; subject_id: string }>`
    select s.stream_id, s.subject_id from workflow_stream s
    join record r on r.object_id = s.subject_id and r.resource = 'rspTaskAllocation'
    where s.workflow = 'rspTaskConfirmation' and s.status = 'pending'
      and r.data->>'ConfirmDeadline' < ${today}
    order by s.stream_id`.execute(db);
  for (const line of due.rows) {
    await inTransaction(db, async (trx) => {
      await dispatch(trx, {
        streamId: line.stream_id,
        event: { type: 'confirmation.expire' },
        actor: SYSTEM_ACTOR,
        at: now,
      });
      await recordAnswer(trx, line.subject_id, now);
    });
  }
  return due.rows.length;
}

export const rspTaskAutoConfirm: JobHandler = {
  descriptionKey: 'server.jobs.handlers.rspTaskAutoConfirm',
  schedule: { code: 'rspTaskAutoConfirm', cron: '40 1 * * *', timeoutSeconds: 300 },
  async run(db, { now }) {
    return {
      key: 'server.jobs.messages.rspTaskAutoConfirm',
      params: { count: await autoConfirmRspLines(db, now) },
    };
  },
};
