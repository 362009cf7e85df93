import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CustomerStatus, CustomerType } from '../domain/codes/customers.codes';
import { OrderApprovalStatus } from '../domain/codes/orders.codes';
import { Brand } from '../domain/codes/products.codes';
import { TaskIndicatorType } from '../domain/codes/sales-tasks.codes';
import type { Db } from '../server/db/database';
import { DEMO_TODAY } from '../server/seed/random';

/** Every brand and indicator a target line can be of, in the dictionaries' order. */
const BRANDS = Object.values(Brand);
const INDICATORS = Object.values(TaskIndicatorType);

/**
 * The years of the scale orders the province target form accepts: the demo's and the one before it
 * (the plan period reaches one year back; the orders' earliest year has no targets).
 */
const YEARS = [0, 1].map((back) => Number(DEMO_TODAY.slice(0, 4)) - back);

/**
 * The province targets of the province manager's province for the orders' three years, every brand
 * line and indicator, each allocated to all of the province's RSPs — entered through the same calls
 * as the province target and RSP task allocation forms (`provinceTask/create`, `rspTaskAllocation/create`), so the
 * server splits them, scopes the RSP lines and starts each target's package. A target is 110% of
 * what the RSPs' effective orders of that year came to (at least 1,000,000 yuan), shared equally.
 * Answers whether it entered them now.
 */
export async function ensureProvinceTargets(
  app: FastifyInstance,
  db: Db,
  tokens: { province: string; vp: string },
  provinceCode: string,
) {
  const province = await sql<{
    name: string;
  }>`select name_zh as name from region where code = ${provinceCode}`.execute(db);
  const name = province.rows[0]?.name;
  // What an earlier, interrupted run entered already: target keys, and target keys with the RSP.
  const existing = await sql<{ key: string }>`select concat_ws('|', data->>'Year', data->>'Brand',
      data->>'IndicatorType', data->>'AgentName') as key
    from record where resource in ('provinceTask', 'rspTaskAllocation') and data->>'ProvinceName' = ${name}
      and data->>'Year' in (${sql.join(YEARS.map(String))})`.execute(db);
  const entered = new Set(existing.rows.map((r) => r.key));
  const rsps = await sql<{ name: string }>`select name from customer
    where customer_type = ${sql.lit(CustomerType.rsp)}
      and status in (${sql.lit(CustomerStatus.active)}, ${sql.lit(CustomerStatus.renewalDue)}) and province_code = ${provinceCode}
    order by account_id`.execute(db);
  let added = false;
  const call = async (url: string, token: string, body: Record<string, unknown>) => {
    const response = await app.inject({ method: 'POST', url, headers: { 'x-token': token }, payload: body });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.body.slice(0, 300)}`);
    return response.json().results as { ObjectID?: string };
  };
  const post = async (resource: string, body: Record<string, unknown>) => {
    added = true;
    return call(`/portal/${resource}/create`, tokens.province, body);
  };
  /**
   * The targets of years already begun are set late, as a real office would enter past years: with
   * the reason, and allowed by HQ (the executive) before their lines are allocated.
   */
  const lateTarget = async (body: Record<string, unknown>) => {
    const { ObjectID } = await post('provinceTask', {
      ...body,
      LateReason: 'Targets of past years for the benchmark',
    });
    await call('/portal/workflow/decide', tokens.vp, {
      workflow: 'salesTask',
      ObjectID,
      command: 'allowLate',
      payload: {},
    });
  };
  for (const year of YEARS) {
    const sold = await sql<{ amount: string }>`select coalesce(sum(o.order_amount), 0)::text as amount
      from sales_order o join customer c on c.object_id = o.company_id
      where c.customer_type = ${sql.lit(CustomerType.rsp)} and c.province_code = ${provinceCode}
        and o.approval_status = ${sql.lit(OrderApprovalStatus.effective)}
        and o.order_date between make_date(${year}, 1, 1) and make_date(${year}, 12, 31)`.execute(db);
    const annual = Math.max(1_000_000, Math.round((Number(sold.rows[0].amount) * 1.1) / 10_000) * 10_000);
    const share = Math.floor(annual / Math.max(1, rsps.rows.length));
    for (const brand of BRANDS)
      for (const indicator of INDICATORS) {
        const key = { Year: year, ProvinceName: name, Brand: brand, IndicatorType: indicator };
        const target = [year, brand, indicator].join('|');
        if (!entered.has(target)) await lateTarget({ ...key, AnnualTask: annual.toFixed(2) });
        for (const rsp of rsps.rows)
          if (!entered.has(`${target}|${rsp.name}`))
            await post('rspTaskAllocation', {
              ...key,
              AgentName: rsp.name,
              LoadBearingAmount: share.toFixed(2),
            });
      }
  }
  return added;
}
