import type { FastifyInstance } from 'fastify';
import { type RawBuilder, sql } from 'kysely';
import { z } from 'zod';
import type { SummaryRow } from '../../domain/report-figures';
import { OPPORTUNITY_STATUS } from '../../machines/workflows/opportunity-stage.rules';
import type { Db } from '../db/database';
import { type Caller, callerOf } from '../http/auth';
import { ok } from '../http/envelope';
import { parseBody } from '../http/validate';
import { resourceScope } from '../resources/scope';

/** The opportunity report page's filters (catalogue business.opportunityReport). */
const summaryQuery = z.object({
  Year: z
    .string()
    .trim()
    .regex(/^\d{4}$/)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ProvinceName: z.string().trim().max(40).optional(),
  ProductLine: z.string().trim().max(20).optional(),
  ExtCustomerIndustry_SDK: z.string().trim().max(20).optional(),
});

const AMOUNT = `case when t.data->>'ExtEstimatedSalesAmountcontent_SDK' ~ '^-?[0-9]{1,15}([.][0-9]{1,2})?$'
  then (t.data->>'ExtEstimatedSalesAmountcontent_SDK')::numeric else 0 end`;
const WON_AMOUNT = `case when t.data->>'ExtWinningAmount_SDK' ~ '^-?[0-9]{1,15}([.][0-9]{1,2})?$'
  then (t.data->>'ExtWinningAmount_SDK')::numeric else 0 end`;

/** One grouping of the caller's opportunities: how many, for how much, and how many of them won. */
async function groupBy(db: Db, key: RawBuilder<unknown>, where: RawBuilder<boolean>): Promise<SummaryRow[]> {
  const won = sql.lit(OPPORTUNITY_STATUS.won);
  const { rows } = await sql<SummaryRow>`select ${key} as key, count(*)::int as count,
      sum(${sql.raw(AMOUNT)})::text as amount,
      (count(*) filter (where t.data->>'ExtOpportunityStatus_SDK' = ${won}))::int as "wonCount",
      coalesce(sum(${sql.raw(WON_AMOUNT)}) filter (where t.data->>'ExtOpportunityStatus_SDK' = ${won}), 0)::text
        as "wonAmount"
    from opportunity_report t where ${where}
    group by 1 order by 1 nulls last`.execute(db);
  return rows;
}

/**
 * The opportunity report page (商机报表): the caller's opportunities — through the same scope as the
 * opportunity list and the opportunity information report — by stage, province and product line, with
 * the estimated and the won amounts. Computed from the opportunities on every call.
 */
export async function opportunitySummary(db: Db, caller: Caller, filters: z.infer<typeof summaryQuery>) {
  const conditions: RawBuilder<boolean>[] = [resourceScope('opportunityReport', caller)];
  if (filters.Year) conditions.push(sql<boolean>`to_char(t.created_at, 'YYYY') = ${filters.Year}`);
  if (filters.ProvinceName) conditions.push(sql<boolean>`t.data->>'ProvinceName' = ${filters.ProvinceName}`);
  if (filters.ProductLine) conditions.push(sql<boolean>`t.data->>'ProductLine' = ${filters.ProductLine}`);
  if (filters.ExtCustomerIndustry_SDK)
    conditions.push(sql<boolean>`t.data->>'ExtCustomerIndustry_SDK' = ${filters.ExtCustomerIndustry_SDK}`);
  const where = sql.join(conditions, sql` and `) as RawBuilder<boolean>;
  return {
    byStage: await groupBy(db, sql`t.data->>'ExtOpportunityStage_SDK'`, where),
    byProvince: await groupBy(db, sql`t.data->>'ProvinceName'`, where),
    byProductLine: await groupBy(db, sql`t.data->>'ProductLine'`, where),
  };
}

export function opportunitySummaryRoutes(app: FastifyInstance, db: Db) {
  app.post(
    '/portal/opportunityReport/summary',
    { config: { access: { resource: 'opportunityReport' } } },
    async (request) =>
      ok(await opportunitySummary(db, callerOf(request), parseBody(summaryQuery, request.body ?? {}))),
  );
}
