import { type Kysely, sql } from 'kysely';

// The RSP staff role as it stood when this ran.
const RSP_STAFF = 'JS002';

/**
 * An RSP line sent for confirmation waits for the RSP's staff (their to-do), no longer for nobody; and
 * the task management rows show their allocation and status from the records (server/sales-tasks/
 * task-management.figures.ts, the same statement for every row), not the figures they were given.
 */
export async function up(db: Kysely<unknown>) {
  await sql`update workflow_stream set pending_role = ${RSP_STAFF}, pending_person = null
    where workflow = 'rspTaskConfirmation' and status = 'pending'`.execute(db);
  const same = (alias: string) =>
    sql.join(
      ['Year', 'ProvinceName', 'Brand', 'IndicatorType'].map(
        (f) => sql`${sql.ref(`${alias}.data`)}->>${f} = m.data->>${f}`,
      ),
      sql` and `,
    );
  await sql`with figures as (
      select m.object_id,
        (select coalesce(sum((a.data->>'LoadBearingAmount')::numeric), 0) from record a
          where a.resource = 'rspTaskAllocation' and ${same('a')}) as allocated,
        (select p.data->>'TaskPackageStatus' from record p
          where p.resource = 'provinceTask' and ${same('p')} order by p.created_at limit 1) as status
      from record m where m.resource = 'salesTask'
    )
    update record m set data = m.data || jsonb_build_object(
        'AllocatedAmount', f.allocated::numeric(18, 2)::text,
        'UnallocatedAmount',
          greatest(coalesce((m.data->>'AnnualTask')::numeric, 0) - f.allocated, 0)::numeric(18, 2)::text,
        'TaskPackageStatus', f.status)
    from figures f where m.object_id = f.object_id`.execute(db);
}

export async function down() {
  // The figures and whom a line waits for are derived: nothing to undo.
}
