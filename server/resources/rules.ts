import { areaResource } from '../areas/areas';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { afterReportReviewWrite } from '../reports/report-review.rules';
import type { Clock } from '../workflows/clock';
import type { ResourceDef } from './registry';

/** A write as the resource engine runs it: the record as it was (an update), and the clock it runs on. */
export interface RecordWrite {
  before?: Record<string, unknown>;
  clock?: Clock;
  /** What the person confirmed in a dialog the write asked for (`confirmationsOf`). */
  confirmed?: Readonly<Record<string, string | number>>;
}

/**
 * A resource's own rule after a create or update, inside the same transaction: it sees the saved
 * record and the fields the write sent, may refuse it (throwing undoes the write) or change other
 * records to keep an invariant. Each area declares its resources' rules (server/areas).
 */
export type AfterWrite = (
  trx: Db,
  def: ResourceDef,
  caller: Caller,
  record: Record<string, unknown>,
  changed: ReadonlySet<string>,
  /** The record as it was and the clock of the write (the demo seed's, else none: now). */
  write?: RecordWrite,
) => Promise<void>;

export async function afterWrite(
  trx: Db,
  def: ResourceDef,
  caller: Caller,
  record: Record<string, unknown>,
  changed: ReadonlySet<string>,
  write?: RecordWrite,
) {
  await areaResource(def.name)?.afterWrite?.(trx, def, caller, record, changed, write);
  // Report lines log every change with its reason; opinions name their report (notes/domain.md §7.3).
  await afterReportReviewWrite(trx, def, caller, record, changed, write);
}

/** A resource's own refusal of a search or export body before it is read (server/areas/area.ts). */
export type BeforeRead = (db: Db, caller: Caller, body: Record<string, unknown>) => Promise<void>;

export async function beforeRead(db: Db, def: ResourceDef, caller: Caller, body: Record<string, unknown>) {
  await areaResource(def.name)?.beforeRead?.(db, caller, body);
}

/** A resource's own rule after a delete, inside its transaction, with the records as they were. */
export type AfterDelete = (
  trx: Db,
  def: ResourceDef,
  caller: Caller,
  records: Record<string, unknown>[],
) => Promise<void>;

/** Whether a resource has a rule after a delete (the records are read before deleting only then). */
export const hasAfterDelete = (def: ResourceDef) => Boolean(areaResource(def.name)?.afterDelete);

export async function afterDelete(
  trx: Db,
  def: ResourceDef,
  caller: Caller,
  records: Record<string, unknown>[],
) {
  await areaResource(def.name)?.afterDelete?.(trx, def, caller, records);
}

/**
 * A resource's own refusal before an update or delete touches existing records (in the caller's
 * scope), for every route that writes them: a record frozen by its state is refused as a whole.
 */
export type BeforeChange = (trx: Db, def: ResourceDef, caller: Caller, ids: string[]) => Promise<void>;

export async function beforeChange(trx: Db, def: ResourceDef, caller: Caller, ids: string[]) {
  await areaResource(def.name)?.beforeChange?.(trx, def, caller, ids);
}
