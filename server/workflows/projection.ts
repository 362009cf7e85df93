import { sql } from 'kysely';
import type { AnyMachineSnapshot } from 'xstate';
import { AWAITING_DECISION, type WorkflowDeclaration } from '../../machines/workflows/declaration';
import type { Db } from '../db/database';
import { resourceDef } from '../resources/registry';
import { baseColumns } from '../resources/storage';

/** The top-level state a list shows: 'inApproval' of `{ inApproval: 'x' }`. */
export const topState = (snapshot: AnyMachineSnapshot) =>
  typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value as object)[0];

/** Who a stream waits for, from its declaration: nobody unless its state is tagged as awaiting. */
export function awaitedDecider(declaration: WorkflowDeclaration, snapshot: AnyMachineSnapshot) {
  if (snapshot.status !== 'active' || !snapshot.hasTag(AWAITING_DECISION)) return null;
  return declaration.decider(snapshot);
}

export interface ProjectedStream {
  id: string;
  declaration: WorkflowDeclaration;
  subject: [string, string];
  snapshot: AnyMachineSnapshot;
  version: number;
  /** When the stream last moved: its last event's time. */
  at?: Date;
}

/**
 * Writes the projections of a stream's state: its `workflow_stream` row (state, who it awaits) and
 * the fields its declaration mirrors onto the subject record. `touch` says whether the record's
 * version moves on, as for any edit; a rebuild writes the same values and leaves it alone.
 */
export async function writeProjection(
  db: Db,
  stream: ProjectedStream,
  touch: { by: string; at?: Date } | null,
) {
  const { snapshot, declaration } = stream;
  const decider = awaitedDecider(declaration, snapshot);
  const state = JSON.stringify({ value: snapshot.value, context: snapshot.context, status: snapshot.status });
  await sql`insert into workflow_stream (stream_id, workflow, subject_resource, subject_id, state, status,
      pending_role, pending_person, version, updated_at)
    values (${stream.id}, ${declaration.name}, ${stream.subject[0]}, ${stream.subject[1]}, ${state}::jsonb,
            ${topState(snapshot)}, ${decider?.role ?? null}, ${decider?.personId ?? null},
            ${stream.version}, ${stream.at ?? touch?.at ?? new Date()})
    on conflict (stream_id) do update set state = excluded.state, status = excluded.status,
      pending_role = excluded.pending_role,
      pending_person = excluded.pending_person, version = excluded.version,
      updated_at = excluded.updated_at`.execute(db);
  // A table that keeps who its record waits for gets it with the mirrored fields (one statement).
  const awaiting = resourceDef(stream.subject[0])?.storage.awaiting
    ? { role: decider?.role ?? null, person: decider?.personId ?? null }
    : undefined;
  if (declaration.projection || awaiting)
    await mirror(db, stream, declaration.projection?.(snapshot) ?? {}, touch, awaiting);
}

async function mirror(
  db: Db,
  stream: ProjectedStream,
  fields: Record<string, unknown>,
  touch: { by: string; at?: Date } | null,
  awaiting?: { role: string | null; person: string | null },
) {
  const def = resourceDef(stream.subject[0]);
  if (!def) throw new Error(`Workflow ${stream.declaration.name} mirrors onto unknown ${stream.subject[0]}`);
  // A field with a column of its own (an order's ApprovalStatus) is written there, where lists filter it.
  const own = Object.keys(fields).filter((f) => !(f in baseColumns) && def.storage.columns[f]);
  const rest = Object.fromEntries(Object.entries(fields).filter(([f]) => !own.includes(f)));
  const sets = [
    ...own.map((f) => sql`${sql.ref(def.storage.columns[f].column)} = ${fields[f]}`),
    sql`data = data || ${JSON.stringify(rest)}::jsonb`,
  ];
  if (awaiting) sets.push(sql`awaiting_role = ${awaiting.role}`, sql`awaiting_person = ${awaiting.person}`);
  if (touch)
    sets.push(
      sql`version = version + 1`,
      sql`updated_at = ${touch.at ?? new Date()}`,
      sql`updated_by_name = ${touch.by}`,
    );
  await sql`update ${sql.table(def.storage.table)} set ${sql.join(sets)}
    where object_id = ${stream.subject[1]}
    ${def.storage.shared ? sql`and resource = ${def.name}` : sql``}`.execute(db);
}
