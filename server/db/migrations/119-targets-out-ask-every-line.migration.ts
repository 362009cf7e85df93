import { type Kysely, sql } from 'kysely';

/** TaskPackageStatus of a target out for confirmation, allocating, adjusting: as they stood when this ran. */
const OUT = '131';
const ALLOCATING = '121';
const ADJUSTING = '171';
/** TaskConfirmStatus of a line waiting for its RSP, as it stood when this ran. */
const PENDING = '101';
/** RSP agent staff: whom a round waiting for its RSP awaits (domain/roles.ts as it stood). */
const RSP_AGENT = 'JS002';
/** The portal's own signature (machines/workflows/actor.ts), as it stood when this ran. */
const SYSTEM = { id: 'system', name: 'System', role: 'system' };
/** Days an RSP has to answer a line (server/sales-tasks/confirmation-deadline.ts), as it stood. */
const CONFIRM_DAYS = 14;
/** The business clock: the server's `TZ` when it names a zone, China's otherwise (domain/business-clock.ts). */
function businessZone() {
  const configured = process.env.TZ;
  try {
    if (configured) new Intl.DateTimeFormat('en', { timeZone: configured });
    return configured || 'Asia/Shanghai';
  } catch {
    return 'Asia/Shanghai';
  }
}

/** A round's number: the digits its stream id ends with. */
const ROUND = `coalesce(substring(s.stream_id from '-(\\d+)$')::int, 0)`;

/** The targets out with the RSPs (a voided one never is). */
const outTargets = sql`select p.object_id, p.data from record p where p.resource = 'provinceTask'
  and p.data->>'TaskPackageStatus' = ${OUT}`;
const sameKey =
  sql.raw(`l.data->>'Year' = p.data->>'Year' and l.data->>'ProvinceName' = p.data->>'ProvinceName'
  and l.data->>'Brand' = p.data->>'Brand' and l.data->>'IndicatorType' = p.data->>'IndicatorType'`);

/**
 * Until now a target out for confirmation (待代理商确认) could hold lines no RSP was asked about, and
 * could be left with no line at all (docs/sales-tasks.md "RSP confirmation"):
 *
 * - a line added to it while it was out was never sent to its RSP (and a line migration 110 closed the
 *   answer of while its target was out waited for the target to go out again): the RSP had nothing to
 *   confirm, and the target could never be submitted. Each such line is now sent to its RSP, as a line
 *   added to a target that is out now is: a round of its own under the target, signed by the portal,
 *   its deadline 14 days from today, in its RSP's to-do;
 * - a target whose last line was moved away or deleted stayed out, waiting for nobody, and could never be
 *   submitted. It goes back to allocation, as the portal now takes it back in the transaction of that
 *   move or delete: the package's `reopen`, signed by the portal, appended to its history.
 *
 * The books check both (`salesTasks.targetOutAsksEveryLine`).
 */
export async function up(db: Kysely<unknown>) {
  const today = sql`(now() at time zone ${businessZone()})::date`;
  const deadline = sql`to_char(${today} + ${sql.lit(CONFIRM_DAYS)}, 'YYYY-MM-DD')`;

  const unasked = await sql<{ line: string; target: string; round: number }>`
    select l.object_id::text as line, p.object_id::text as target, coalesce(r.round, 0) as round
    from (${outTargets}) p
    join record l on l.resource = 'rspTaskAllocation' and ${sameKey}
    left join lateral (select s.status, ${sql.raw(ROUND)} as round from workflow_stream s
      where s.workflow = 'rspTaskConfirmation' and s.subject_id = l.object_id
      order by ${sql.raw(ROUND)} desc, s.updated_at desc limit 1) r on true
    where r.status is null or r.status = 'withdrawn'
    order by l.object_id`.execute(db);
  for (const line of unasked.rows) {
    const streamId = `rspTaskConfirmation-${line.line}-${line.round + 1}`;
    const input = { sender: SYSTEM, target: line.target };
    const started = {
      workflow: 'rspTaskConfirmation',
      machineVersion: 1,
      input,
      subject: ['rspTaskAllocation', line.line],
    };
    await sql`insert into workflow_event (stream_id, seq, type, schema_version, payload, actor_id, actor_name, role, at)
      values (${streamId}, 1, 'workflow.started', 1, ${JSON.stringify(started)}::jsonb, ${SYSTEM.id},
        ${SYSTEM.name}, ${SYSTEM.role}, now())`.execute(db);
    const state = { value: 'pending', context: input, status: 'active' };
    await sql`insert into workflow_stream (stream_id, workflow, subject_resource, subject_id, state, status,
        pending_role, pending_person, version, updated_at)
      values (${streamId}, 'rspTaskConfirmation', 'rspTaskAllocation', ${line.line},
        ${JSON.stringify(state)}::jsonb, 'pending', ${RSP_AGENT}, null, 1, now())`.execute(db);
    // What the round mirrors onto its line (the workflow's projection as it stood), and the deadline.
    await sql`update record set data = data || jsonb_build_object('ConfirmStatus', ${PENDING}::text,
        'ObjectionAmount', null, 'ObjectionReason', null, 'ConfirmDeadline', ${deadline}, 'ConfirmedOn', null),
        version = version + 1, updated_at = now(), updated_by_name = ${SYSTEM.name}
      where object_id = ${line.line}`.execute(db);
  }

  const empty = await sql<{ target: string }>`select p.object_id::text as target from (${outTargets}) p
    where not exists (select 1 from record l where l.resource = 'rspTaskAllocation' and ${sameKey})
    order by p.object_id`.execute(db);
  for (const { target } of empty.rows) {
    const streamId = `salesTask-${target}`;
    const reopened = sql`jsonb_build_object('actor', ${JSON.stringify(SYSTEM)}::jsonb, 'reached', 'allocating')`;
    const moved =
      await sql`insert into workflow_event (stream_id, seq, type, schema_version, payload, actor_id,
        actor_name, role, at)
      select stream_id, version + 1, 'package.reopen', 1, ${reopened}, ${SYSTEM.id}, ${SYSTEM.name}, ${SYSTEM.role},
        now()
      from workflow_stream where stream_id = ${streamId} and status = 'confirming'`.execute(db);
    // A target with no package of its own has no history to append to: it is left to the books.
    if (!Number(moved.numAffectedRows ?? 0)) continue;
    const stream = await sql<{ adjustments: number }>`update workflow_stream
      set status = 'allocating', pending_role = null, pending_person = null,
        state = jsonb_build_object('value', 'allocating', 'context', state->'context', 'status', 'active'),
        version = version + 1, updated_at = now()
      where stream_id = ${streamId}
      returning coalesce((state->'context'->>'adjustments')::int, 0) as adjustments`.execute(db);
    // Back in allocation the package shows "adjusting" while an approved adjustment is being made.
    const status = Number(stream.rows[0]?.adjustments ?? 0) > 0 ? ADJUSTING : ALLOCATING;
    await sql`update record set data = data || jsonb_build_object('TaskPackageStatus', ${status}::text),
        version = version + 1, updated_at = now(), updated_by_name = ${SYSTEM.name}
      where object_id = ${target}`.execute(db);
    // 任务管理 shows the package's status beside each task of its key.
    await sql`update record m set data = m.data || jsonb_build_object('TaskPackageStatus', ${status}::text)
      from record p where p.object_id = ${target} and m.resource = 'salesTask'
        and m.data->>'Year' = p.data->>'Year' and m.data->>'ProvinceName' = p.data->>'ProvinceName'
        and m.data->>'Brand' = p.data->>'Brand' and m.data->>'IndicatorType' = p.data->>'IndicatorType'`.execute(
      db,
    );
  }
}

export async function down() {
  // What was sent and taken back stays in the streams' history: nothing to undo.
}
