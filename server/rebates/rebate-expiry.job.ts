import { sql } from 'kysely';
import { settlementMessages as zh } from '../../locales/zh/rebate-settlement';
import type { JobHandler } from '../jobs/job-handlers';
import { businessDay, expireDue } from './ledger.service';
import { ACCOUNT_TYPE, type AccountKey } from './ledger.types';

/**
 * The nightly expiry (notes §5.2 EXPIRE): what is left of every batch whose expiry day has passed is
 * written off by an expire flow, one account at a time under its lock. Usable amounts never counted
 * lapsed money anyway; this makes the ledger say so.
 */
export const rebateExpiry: JobHandler = {
  descriptionKey: 'server.jobs.handlers.rebateExpiry',
  schedule: { code: 'rebateExpiry', cron: '30 0 * * *', timeoutSeconds: 600 },
  async run(db, { now }) {
    const today = businessDay(now);
    const due = await sql<{ company: string; type: string; brand: string | null }>`
      select distinct a.company_id::text as company, a.account_type as type, a.brand
      from rebate_account a join rebate_flow b on b.account_id = a.object_id and b.object_id = b.batch_id
      where b.expiry_date < ${today}
        and (select sum(u.available_change) from rebate_flow u
             where u.account_id = a.object_id and u.batch_id = b.object_id) > 0
      order by 1, 2, 3`.execute(db);
    let count = 0;
    for (const row of due.rows) {
      const key: AccountKey =
        row.type === ACCOUNT_TYPE.cashDiscount
          ? { companyId: row.company, type: 'cashDiscount' }
          : { companyId: row.company, type: 'rebate', brand: row.brand ?? '' };
      const written = await expireDue(
        db,
        { employeeId: null, name: zh.job.expiry.title.name, at: now },
        key,
        today,
      );
      count += written.length;
    }
    return { key: 'rebateSettlement.job.expiry.message', params: { count, accounts: due.rows.length } };
  },
};
