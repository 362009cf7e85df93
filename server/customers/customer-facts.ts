import { sql } from 'kysely';
import { businessDay } from '../../domain/business-clock';
import type { ChangeKind, CustomerFacts } from '../../machines/workflows/customer-change.rules';
import type { Db } from '../db/database';
import { countsOnSupplier } from './ccp-supplier';

/** States of an application that still wait for someone (the agent is "locked" by it). */
export const OPEN_STATES = ['draft', 'inApproval', 'returned'];

/** What the rules need to know of an agent now. */
export async function customerFacts(db: Db, customerId: string): Promise<CustomerFacts> {
  const result = await sql<{
    channel_type: string | null;
    status: string;
    senior: string | null;
    blacklist_end: string | null;
    dependants: number;
  }>`select c.channel_type, c.status, c.data->>'ExtSeniorCertified_SDK' as senior,
      c.data->>'ExtBlacklistEndDate_SDK' as blacklist_end,
      (select count(*)::int from customer d where d.parent_id = c.object_id and ${countsOnSupplier('d')}) as dependants
    from customer c where c.object_id = ${customerId}`.execute(db);
  const row = result.rows[0];
  return {
    channelType: row?.channel_type ?? null,
    status: row?.status ?? '',
    dependants: Number(row?.dependants ?? 0),
    seniorCertified: row?.senior === 'true',
    blacklistEndDate: row?.blacklist_end ?? null,
    today: businessDay(),
  };
}

export interface OpenApplication {
  streamId: string;
  kind: ChangeKind;
  version: number;
}

/** The agent's application that is still open, if any (at most one by the rule of applyForChange). */
export async function openApplication(db: Db, customerId: string): Promise<OpenApplication | null> {
  const result = await sql<{ stream_id: string; kind: ChangeKind; version: number }>`select stream_id,
      state->'context'->>'kind' as kind, version from workflow_stream
    where workflow = 'customerChange' and subject_resource = 'customer' and subject_id = ${customerId}
      and status in (${sql.join(OPEN_STATES)})
    order by updated_at desc limit 1`.execute(db);
  const row = result.rows[0];
  return row ? { streamId: row.stream_id, kind: row.kind, version: row.version } : null;
}
