import { sql } from 'kysely';
import { businessDay } from '../../domain/business-clock';
import {
  loanOrderDeclaration as declaration,
  SYSTEM_LOAN_ACTOR,
} from '../../machines/workflows/loan-order.workflow';
import { type Db, inTransaction } from '../db/database';
import { PortalError } from '../http/envelope';
import type { JobHandler } from '../jobs/job-handlers';
import { dispatch } from '../workflows/engine';

/**
 * Marks overdue the loans whose due date (or extension) lies before `now`'s business day with units
 * still out, each in a transaction of its own, as an event of the loan's stream. Answers how many.
 */
export async function markOverdueLoans(db: Db, now: Date, signal?: AbortSignal) {
  const today = businessDay(now);
  const due = await sql<{ id: string }>`select o.object_id::text as id from loan_order o
      join workflow_stream s on s.stream_id = ${`${declaration.name}-`} || o.object_id::text
    where s.status in ('onLoan', 'partial')
      and coalesce(o.extended_to, o.expected_return_date) < ${today}::date
      and o.loan_quantity > o.returned_quantity + o.converted_quantity + o.compensated_quantity
    order by o.loan_no`.execute(db);
  let marked = 0;
  for (const { id } of due.rows) {
    if (signal?.aborted) break;
    try {
      await inTransaction(db, (trx) =>
        dispatch(trx, {
          streamId: `${declaration.name}-${id}`,
          event: { type: declaration.commands.markOverdue.event },
          actor: SYSTEM_LOAN_ACTOR,
          at: now,
        }),
      );
      marked += 1;
    } catch (error) {
      // Someone settled it since the list was read: it is no longer the job's.
      if (!(error instanceof PortalError)) throw error;
    }
  }
  return { today, count: marked };
}

/** The daily overdue job (notes §4.7, §10): loans past their due date are marked, never decided on reading. */
export const loanOverdue: JobHandler = {
  descriptionKey: 'server.jobs.handlers.loanOverdue',
  schedule: { code: 'loanOverdue', cron: '40 1 * * *', timeoutSeconds: 300 },
  async run(db, { now, signal }) {
    return { key: 'server.jobs.messages.loanOverdue', params: await markOverdueLoans(db, now, signal) };
  },
};
