import { sql } from 'kysely';
import { commitmentLetterCell } from '../../domain/cell-rules';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { fieldError } from '../http/validate';
import type { ResourceDef } from '../resources/registry';
import { textOf as text } from './place';

const RESOURCE = 'opportunityItem';
const FIELD = 'commitmentLetter';

/**
 * The letter cell of a deal's product line (SPEC §4), the one field of a product the engine writes in
 * a list's row (产品信息报表); quantities, prices and bidders are the owner's, through the item commands.
 * The cell offers its picker only on a line that asks for a letter (`commitmentLetterCell`: bidders, a
 * letter to be chosen), and the letter is a commitment letter of the line's own opportunity that still
 * holds its tender (not rejected, withdrawn or revoked) — a letter issued for another bid cannot cover
 * this one. Anything else is refused naming the field; emptied, the line asks again.
 */
export async function afterOpportunityItemWrite(
  trx: Db,
  _def: ResourceDef,
  _caller: Caller,
  record: Record<string, unknown>,
  changed: ReadonlySet<string>,
) {
  if (!changed.has(FIELD)) return;
  if (commitmentLetterCell(record).kind !== 'picker')
    throw fieldError(RESOURCE, FIELD, 'server.opportunity.letterNotAsked');
  const letterNo = text(record[FIELD]);
  if (!letterNo) return;
  const found = await sql<{ n: number }>`select count(*)::int as n from commitment_letter l
      join record i on i.resource = ${RESOURCE} and i.object_id = ${String(record.ObjectID)}
    where l.commitment_letter_no = ${letterNo} and l.active
      and l.opportunity_id::text = i.data->>'opportunityId'`.execute(trx);
  if (!found.rows[0]?.n) throw fieldError(RESOURCE, FIELD, 'server.opportunity.letterNotOfDeal');
}
