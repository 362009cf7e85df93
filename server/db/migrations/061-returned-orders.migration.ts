import { type Kysely, sql } from 'kysely';

// OrderApprovalStatus as it stood when this ran: returned, formerly shown as a draft.
const RETURNED = '171';

/**
 * An order an approver sent back reads 已退回 and waits for its applicant (machines/workflows/
 * order-approval.workflow.ts): the orders whose approval stands returned take that status, and they
 * and their streams name the applicant as the one they wait for, so they are in the applicant's to-do.
 */
export async function up(db: Kysely<unknown>) {
  await sql`update workflow_stream set pending_role = state->'context'->'applicant'->>'role',
      pending_person = state->'context'->'applicant'->>'id'
    where workflow = 'orderApproval' and status = 'returned'`.execute(db);
  await sql`update sales_order o set approval_status = ${RETURNED}, awaiting_role = s.pending_role,
      awaiting_person = s.pending_person
    from workflow_stream s
    where s.stream_id = 'orderApproval-' || o.object_id::text and s.status = 'returned'`.execute(db);
}
