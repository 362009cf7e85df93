import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { AfterDelete, AfterWrite } from '../resources/rules';
import type { WorkflowHooks } from '../workflows/hooks';
import { keyLeft, standingTarget } from './task-package';

/** The year, province and brand line a write touched (a record's); each row keeps its own indicator. */
type FiguresKey = Record<string, unknown>;

/**
 * What the task management list shows beside a task's split, from the records (docs/sales-tasks.md):
 * AllocatedAmount = Σ the RSP lines of the same year, province, brand line and indicator,
 * UnallocatedAmount = what of the annual task no line carries yet (never below zero: the RSPs carry
 * up to 130%), TaskPackageStatus = the status of the province target of that key (none without one).
 * Run after every write of a task, an RSP line or a target and after every move of a package, for
 * the rows of the key written, so the list never shows a figure of its own.
 */
export async function refreshTaskManagement(db: Db, key: FiguresKey) {
  const same = (alias: string) =>
    sql.join(
      (['Year', 'ProvinceName', 'Brand', 'IndicatorType'] as const).map(
        (f) => sql`${sql.ref(`${alias}.data`)}->>${f} = m.data->>${f}`,
      ),
      sql` and `,
    );
  await sql`with figures as (
      select m.object_id,
        (select coalesce(sum((a.data->>'LoadBearingAmount')::numeric), 0) from record a
          where a.resource = 'rspTaskAllocation' and ${same('a')}) as allocated,
        (select p.data->>'TaskPackageStatus' from record p
          where p.resource = 'provinceTask' and ${same('p')}
          order by ${standingTarget('p')} desc, p.created_at limit 1) as status
      from record m
      where m.resource = 'salesTask' and m.data->>'Year' = ${String(key.Year ?? '')}
        and m.data->>'ProvinceName' = ${String(key.ProvinceName ?? '')}
        and m.data->>'Brand' = ${String(key.Brand ?? '')}
    )
    update record m set data = m.data || jsonb_build_object(
        'AllocatedAmount', f.allocated::numeric(18, 2)::text,
        'UnallocatedAmount',
          greatest(coalesce((m.data->>'AnnualTask')::numeric, 0) - f.allocated, 0)::numeric(18, 2)::text,
        'TaskPackageStatus', f.status)
    from figures f where m.object_id = f.object_id`.execute(db);
}

/**
 * A resource's rule, then the task-management figures of the key it wrote — and of the key it left,
 * when an edit moved the record to another year, province or brand line (a line moved to another
 * target no longer counts where it was).
 */
export const refreshingTaskManagement =
  (afterWrite: AfterWrite): AfterWrite =>
  async (trx, def, caller, record, changed, write) => {
    await afterWrite(trx, def, caller, record, changed, write);
    await refreshTaskManagement(trx, record);
    const left = keyLeft(write?.before, record, ['Year', 'ProvinceName', 'Brand']);
    if (left) await refreshTaskManagement(trx, left);
  };

/** Records deleted: the task-management figures of each key they were counted under. */
export const refreshingAfterDelete =
  (afterDelete?: (trx: Db, records: Record<string, unknown>[]) => Promise<void>): AfterDelete =>
  async (trx, _def, _caller, records) => {
    await afterDelete?.(trx, records);
    for (const record of records) await refreshTaskManagement(trx, record);
  };

/** A workflow's server side, then the figures of the package (or line) it moved. */
export const refreshingAfterMove = (hooks: WorkflowHooks): WorkflowHooks => ({
  ...hooks,
  after: async (trx, call) => {
    await hooks.after?.(trx, call);
    await refreshTaskManagement(trx, call.subject);
  },
});
