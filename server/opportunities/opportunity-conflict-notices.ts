import type { Db } from '../db/database';
import { notifyCompany } from '../notices/notices';
import type { Clock } from '../workflows/clock';
import { opportunityRow } from './opportunity.repo';

/** What the province manager decided on a conflict, and the registration that held the customer and line. */
export interface Arbitration {
  command: 'award' | 'keepFirst';
  opportunityId: string;
  holderId: string | undefined;
  /** The new protection's end date (an award), a business day. */
  until?: string;
  /** Why the first was kept (keep first). */
  reason?: string;
  clock?: Clock;
}

/** The notice kinds (locale `notices.kinds.<kind>`) for this registration's owner and the holder's. */
const KINDS = {
  award: { mine: 'conflictAwarded', holder: 'conflictReleased' },
  keepFirst: { mine: 'conflictRejected', holder: 'conflictKept' },
} as const;

/**
 * Both parties of a conflict are told how it was decided, each about its own registration only (its
 * number and name, never the other agent's deal), in the arbitration's transaction.
 */
export async function tellArbitration(trx: Db, decided: Arbitration) {
  const kinds = KINDS[decided.command];
  const tell = async (id: string, kind: string) => {
    const row = await opportunityRow(trx, id);
    const params = {
      no: String(row.data.ExtOpportunityNOText_SDK ?? ''),
      name: String(row.data.Name ?? ''),
      until: decided.until ?? '',
      reason: decided.reason ?? '',
    };
    await notifyCompany(
      trx,
      row.company_id,
      { kind, params, pageId: 'business.opportunityInfo', recordId: id },
      decided.clock,
    );
  };
  await tell(decided.opportunityId, kinds.mine);
  if (decided.holderId && decided.holderId !== decided.opportunityId)
    await tell(decided.holderId, kinds.holder);
}
