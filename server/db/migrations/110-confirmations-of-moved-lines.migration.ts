import { type Kysely, sql } from 'kysely';

/** TaskPackageStatus of a voided target and of one out for confirmation, as they stood when this ran. */
const VOIDED = '211';
const OUT = '131';
/** The portal's own signature (machines/workflows/actor.ts), as it stood when this ran. */
const SYSTEM = { id: 'system', name: 'System', role: 'system' };
/** Round states that answer a line, as they stood when this ran. */
const ANSWERED = ['confirmed', 'autoConfirmed', 'ruled'];

/** A round's number: the digits its stream id ends with. */
const ROUND = `coalesce(substring(s.stream_id from '-(\\d+)$')::int, 0)`;

/**
 * Each RSP line's confirmation rounds, newest first (`rank` 1), with the standing target of the line's
 * year, province, brand line and indicator, whether its package is out with the RSPs, and whether
 * the round belongs to it: a round names the target it was sent under, and one sent before rounds
 * named theirs can only belong to a target that was sent out at some time.
 */
const rounds = sql`select s.stream_id, s.subject_id, s.status, s.version, s.state,
    s.state->>'status' = 'active' as open,
    ${sql.raw(ROUND)} as round,
    row_number() over (partition by s.subject_id order by ${sql.raw(ROUND)} desc, s.updated_at desc) as rank,
    p.object_id as target, p.data->>'TaskPackageStatus' = ${OUT} as out,
    case when s.state->'context'->>'target' is not null
        then coalesce(s.state->'context'->>'target' = p.object_id::text, false)
      when p.object_id is null then true
      when not exists (select 1 from workflow_stream ts where ts.workflow = 'salesTask'
        and ts.subject_id = p.object_id) then true
      else exists (select 1 from workflow_stream ts join workflow_event e on e.stream_id = ts.stream_id
        where ts.workflow = 'salesTask' and ts.subject_id = p.object_id
          and e.payload->>'reached' = 'confirming') end as of_target
  from workflow_stream s
  join record l on l.object_id = s.subject_id and l.resource = 'rspTaskAllocation'
  left join lateral (select p.object_id, p.data from record p where p.resource = 'provinceTask'
    and p.data->>'Year' = l.data->>'Year' and p.data->>'ProvinceName' = l.data->>'ProvinceName'
    and p.data->>'Brand' = l.data->>'Brand' and p.data->>'IndicatorType' = l.data->>'IndicatorType'
    and coalesce(p.data->>'TaskPackageStatus', '') <> ${VOIDED}
    order by p.created_at limit 1) p on true
  where s.workflow = 'rspTaskConfirmation'`;

/**
 * The line's fields a withdrawn round mirrors onto it (the workflow's projection as it stood); a line
 * no round answers carries no answered figure either.
 */
const projected = (state: string) =>
  sql.raw(`jsonb_build_object('ConfirmStatus', null,
    'ObjectionAmount', ${state}->'context'->'proposedAmount', 'ObjectionReason', ${state}->'context'->'reason',
    'ConfirmedAmount', null)`);

/**
 * Until now an RSP line moved to another target (docs/sales-tasks.md "RSP confirmation") kept the
 * answer its RSP gave under the target it left, and a round still open there kept waiting for it: the
 * RSP had it to do, the province office an objection to rule, the line could not be removed, and a
 * second round opened when the target it reached went out. The move now settles both in its
 * transaction (server/sales-tasks/rsp-confirmation.rounds.ts) and the books check it
 * (`confirmationIsOfItsTarget`); this settles what earlier moves left, as the portal's own withdrawal
 * would (signed by the system actor, appended to each round's history):
 *
 * - a round still open that is not its line's newest, or whose line's target is not out with the
 *   RSPs, or that is not of the line's target, is withdrawn;
 * - a line whose newest round answered it under another target answers it no more: a round of its
 *   target is opened and withdrawn at once (as a line whose answer was closed in allocation), so the
 *   line is sent with its target's package, and its ConfirmedAmount is cleared.
 *
 * Rounds sent before rounds named their target are judged by what is certain: the target the line is
 * under now must have been sent out at some time.
 */
export async function up(db: Kysely<unknown>) {
  const withdrawn = sql`jsonb_build_object('actor', ${JSON.stringify(SYSTEM)}::jsonb, 'reached', 'withdrawn')`;
  const stale = await sql<{ stream_id: string; subject_id: string; rank: string; state: unknown }>`
    select r.stream_id, r.subject_id, r.rank, r.state from (${rounds}) r
    where r.open and (r.rank > 1 or not coalesce(r.out, false) or not r.of_target)`.execute(db);
  for (const round of stale.rows) {
    await sql`insert into workflow_event (stream_id, seq, type, schema_version, payload, actor_id, actor_name, role, at)
      select stream_id, version + 1, 'confirmation.withdraw', 1, ${withdrawn}, ${SYSTEM.id}, ${SYSTEM.name},
        ${SYSTEM.role}, now()
      from workflow_stream where stream_id = ${round.stream_id}`.execute(db);
    await sql`update workflow_stream set status = 'withdrawn', pending_role = null, pending_person = null,
        state = jsonb_build_object('value', 'withdrawn', 'context', state->'context', 'status', 'done'),
        version = version + 1, updated_at = now()
      where stream_id = ${round.stream_id}`.execute(db);
    // Only the line's newest round speaks for it.
    if (Number(round.rank) === 1)
      await sql`update record l set data = l.data || ${projected('s.state')}, version = l.version + 1,
          updated_at = now(), updated_by_name = ${SYSTEM.name}
        from workflow_stream s where s.stream_id = ${round.stream_id} and l.object_id = s.subject_id`.execute(
        db,
      );
  }

  const answered = await sql<{ subject_id: string; round: number; target: string | null }>`
    select r.subject_id, r.round, r.target::text as target from (${rounds}) r
    where r.rank = 1 and r.status in (${sql.join(ANSWERED)}) and not r.of_target`.execute(db);
  for (const line of answered.rows) {
    const streamId = `rspTaskConfirmation-${line.subject_id}-${line.round + 1}`;
    const input = { sender: SYSTEM, ...(line.target ? { target: line.target } : {}) };
    const started = {
      workflow: 'rspTaskConfirmation',
      machineVersion: 1,
      input,
      subject: ['rspTaskAllocation', line.subject_id],
    };
    await sql`insert into workflow_event (stream_id, seq, type, schema_version, payload, actor_id, actor_name, role, at)
      values (${streamId}, 1, 'workflow.started', 1, ${JSON.stringify(started)}::jsonb, ${SYSTEM.id},
        ${SYSTEM.name}, ${SYSTEM.role}, now()),
        (${streamId}, 2, 'confirmation.withdraw', 1, ${withdrawn}, ${SYSTEM.id}, ${SYSTEM.name}, ${SYSTEM.role}, now())`.execute(
      db,
    );
    const state = { value: 'withdrawn', context: input, status: 'done' };
    await sql`insert into workflow_stream (stream_id, workflow, subject_resource, subject_id, state, status,
        pending_role, pending_person, version, updated_at)
      values (${streamId}, 'rspTaskConfirmation', 'rspTaskAllocation', ${line.subject_id},
        ${JSON.stringify(state)}::jsonb, 'withdrawn', null, null, 2, now())`.execute(db);
    await sql`update record set data = data || jsonb_build_object('ConfirmStatus', null, 'ObjectionAmount', null,
        'ObjectionReason', null, 'ConfirmedAmount', null, 'ConfirmedOn', null),
        version = version + 1, updated_at = now(), updated_by_name = ${SYSTEM.name}
      where object_id = ${line.subject_id}`.execute(db);
  }
}

export async function down() {
  // What was withdrawn stays in the rounds' history: nothing to undo.
}
