import type { FastifyInstance } from 'fastify';
import { type RawBuilder, sql } from 'kysely';
import { z } from 'zod';
import type { SummaryRow } from '../../domain/report-figures';
import {
  OPPORTUNITY_STATUS,
  PIPELINE_STATUSES,
  STAGE_INVALID,
  VOID_STATUSES,
} from '../../machines/workflows/opportunity-stage.rules';
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

const list = (codes: readonly string[]) => sql.join(codes.map((c) => sql.lit(c)));
const STATUS = sql.raw(`t.data->>'ExtOpportunityStatus_SDK'`);
/** The report outcome of each row, as reportOutcome (opportunity-stage.rules.ts) decides it. */
const OUTCOME = sql`case
    when ${STATUS} in (${list(PIPELINE_STATUSES)}) then 'pipeline'
    when ${STATUS} = ${sql.lit(OPPORTUNITY_STATUS.won)} then 'won'
    when ${STATUS} = ${sql.lit(OPPORTUNITY_STATUS.closed)}
      then case when t.data->>'ExtOpportunityStage_SDK' = ${sql.lit(STAGE_INVALID)} then 'void' else 'lost' end
    when ${STATUS} in (${list(VOID_STATUSES)}) then 'void'
  end`;

/**
 * One grouping of the caller's opportunities: the pipeline (running registrations) with its estimated
 * amount, the won ones with the amounts they were won for, the lost and the void. A rejected or
 * withdrawn registration never was a deal, so it is in no figure.
 */
async function groupBy(db: Db, key: RawBuilder<unknown>, where: RawBuilder<boolean>): Promise<SummaryRow[]> {
  const { rows } = await sql<SummaryRow>`select key, count(*)::int as count,
      coalesce(sum(amount), 0)::text as amount,
      (count(*) filter (where outcome = 'pipeline'))::int as "pipelineCount",
      coalesce(sum(amount) filter (where outcome = 'pipeline'), 0)::text as "pipelineAmount",
      (count(*) filter (where outcome = 'won'))::int as "wonCount",
      coalesce(sum(won_amount) filter (where outcome = 'won'), 0)::text as "wonAmount",
      (count(*) filter (where outcome = 'lost'))::int as "lostCount",
      (count(*) filter (where outcome = 'void'))::int as "voidCount"
    from (select ${key} as key, ${OUTCOME} as outcome, ${sql.raw(AMOUNT)} as amount,
        ${sql.raw(WON_AMOUNT)} as won_amount
      from opportunity_report t where ${where}) o
    where outcome is not null
    group by key order by key nulls last`.execute(db);
  return rows;
}

/**
 * The opportunity report page (商机报表): the caller's opportunities — through the same scope as the
 * opportunity list and the opportunity information report — by stage, province and product line: the
 * pipeline, won (with the amounts won), lost and void. Computed from the opportunities on every call.
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
