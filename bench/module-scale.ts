import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../server/db/database';
import { DEMO_TODAY } from '../server/seed/random';
import { call, type Measured, timeRuns } from './http-timing';
import { ensureRebateLedger } from './scale-rebates';
import { ensureStockLines } from './scale-stock';
import { ensureProvinceTargets } from './scale-tasks';

/** The records the module benchmarks read, made once per database (kept between runs). */
export async function prepareModules(
  app: FastifyInstance,
  db: Db,
  tokens: { province: string; vp: string },
  log: (line: string) => void,
) {
  const orders = await sql<{ n: number }>`select count(*)::int as n from sales_order`.execute(db);
  const ledger = await ensureRebateLedger(db, log);
  const stock = await ensureStockLines(db, orders.rows[0].n, log);
  const manager = await sql<{ province: string }>`select province_code as province from employee
    where username = 'province'`.execute(db);
  const province = manager.rows[0].province;
  const targets = await ensureProvinceTargets(app, db, tokens, province);
  return { agent: ledger.agent, province, added: ledger.added || stock || targets };
}

/**
 * The other modules' reads at the scale of the orders, each as its page makes it:
 * - rebates: an agent's ledger with about 100,000 flows — its accounts on the customer rebate summary (every figure
 *   summed from the flows) and the first page of its flows on the customer rebate ledger, as finance opens them;
 * - sales tasks: the province manager's provincial task report (each target's RSPs' achievement computed from
 *   the orders, payments and reports of its year);
 * - reports: the province manager's stock report of last year (distributor stock report, Period filter "YYYY").
 */
export async function measureModules(
  app: FastifyInstance,
  db: Db,
  tokens: { finance: string; province: string },
  prepared: Awaited<ReturnType<typeof prepareModules>>,
  runs = 40,
): Promise<Measured[]> {
  const results: Measured[] = [];
  const measure = async (
    name: string,
    budget: number,
    token: string,
    url: string,
    body: Record<string, unknown>,
  ) => {
    const first = await call(app, token, url, { ...body, pageSize: 10 });
    const timing = await timeRuns(runs, () =>
      call(app, token, url, { ...body, currentPage: 1, pageSize: 10 }),
    );
    results.push({ name, budget, timing, note: `${first.totalSize?.toLocaleString('en')} rows` });
  };
  const { agent } = prepared;
  if (agent?.id) {
    const flows = await sql<{ n: number }>`select count(*)::int as n from rebate_flow f
      join rebate_account a on a.object_id = f.account_id where a.company_id = ${agent.id}`.execute(db);
    const who = `${flows.rows[0].n.toLocaleString('en')} flows`;
    await measure(
      `rebate summary of an agent with ${who} (finance)`,
      20,
      tokens.finance,
      '/rebateSummary/search',
      {
        PageID: 'rebates.customerRebateSummary',
        AgentName: agent.name,
      },
    );
    await measure(
      `rebate flows of that agent, newest first (finance)`,
      20,
      tokens.finance,
      '/rebateFlow/search',
      {
        PageID: 'rebates.customerRebateFlow',
        AgentName: agent.name,
      },
    );
  }
  await measure(
    "province task report (province manager's province)",
    200,
    tokens.province,
    '/provincialTaskReport/search',
    {
      PageID: 'salesTask.provincialTaskReport',
    },
  );
  const year = String(Number(DEMO_TODAY.slice(0, 4)) - 1);
  await measure(
    `stock report of the province for ${year} (province manager)`,
    500,
    tokens.province,
    '/stockReport/search',
    {
      PageID: 'report.distributorStockReport',
      Period: year,
    },
  );
  return results;
}
