import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { OrderApprovalStatus, OrderChannel } from '../domain/codes/orders.codes';
import { NUMBER_PREFIX } from '../domain/numbering';
import type { Db } from '../server/db/database';
import { authenticate } from '../server/http/auth';
import { FIGURE_LINES, orderFiguresByMonth, orderFiguresOf } from '../server/reports/order-figures';
import { DEMO_TODAY } from '../server/seed/random';
import { call, type Measured, timeRuns } from './http-timing';

/** The month the month reports read: the last whole month before the demo's today. */
export function lastWholeMonth(today = DEMO_TODAY) {
  const [year, month] = today.split('-').map(Number);
  const index = year * 12 + month - 2;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const period = `${y}-${String(m).padStart(2, '0')}`;
  return { period, first: `${period}-01`, last: `${period}-${last}` };
}

/**
 * Forty own-line orders spread over the three years, some still in approval and most effective:
 * each run of the order page opens the next one, so no run reads a row the previous one cached.
 */
async function sampleOrders(db: Db) {
  const rows = await sql<{ id: string }>`select object_id::text as id from sales_order
    where order_channel = ${sql.lit(OrderChannel.ownLine)}
      and approval_status in (${sql.lit(OrderApprovalStatus.awaitingReview)}, ${sql.lit(OrderApprovalStatus.effective)})
    order by hashtext(object_id::text) limit 40`.execute(db);
  return rows.rows.map((r) => r.id);
}

/**
 * The order module's requests at the scale of the orders, each as its page makes it:
 * - the order page (own-line record page): the order, its lines and its approval's decision options,
 *   each alone and the three at once as the page asks for them;
 * - the own-line order report of last month (one row per line, page 1, newest first), computed from
 *   records, by order date and by the month's order numbers, and the dashboard's figures of that month
 *   (orders, paid, invoiced, shipped) from the kept month summaries, with the to-do counts and alone;
 * - finance's approval query: what awaits finance (the to-do lens) and the dashboard's to-do counts.
 */
export async function measureOrderScale(
  app: FastifyInstance,
  db: Db,
  tokens: { admin: string; finance: string; rsp: string },
  runs = 40,
): Promise<Measured[]> {
  const orders = await sampleOrders(db);
  const order = (run: number) => ({ ObjectID: orders[run % orders.length] });
  const month = lastWholeMonth();
  const results: Measured[] = [];
  const measure = async (
    name: string,
    budget: number | undefined,
    work: (run: number) => Promise<unknown>,
    count = runs,
  ) => {
    results.push({ name, budget, timing: await timeRuns(count, work) });
  };
  const { admin, finance } = tokens;

  await measure('order page: the order (order/getOne)', 15, (run) =>
    call(app, admin, '/order/getOne', order(run)),
  );
  await measure('order page: its lines (order/lines)', 15, (run) =>
    call(app, admin, '/order/lines', order(run)),
  );
  await measure('order page: decision options (workflow/options)', 15, (run) =>
    call(app, admin, '/workflow/options', { workflow: 'orderApproval', ...order(run) }),
  );
  await measure('order page: the three at once', 15, (run) =>
    Promise.all([
      call(app, admin, '/order/getOne', order(run)),
      call(app, admin, '/order/lines', order(run)),
      call(app, admin, '/workflow/options', { workflow: 'orderApproval', ...order(run) }),
    ]),
  );

  const report = {
    PageID: 'ordersSetup.ownLineOrderReport',
    OrderDateStart: month.first,
    OrderDateEnd: month.last,
  };
  const lines = await call(app, admin, '/orderItem/search', { ...report, pageSize: 10 });
  await measure(`own-line order report of ${month.period}, page 1`, 500, () =>
    call(app, admin, '/orderItem/search', { ...report, currentPage: 1, pageSize: 10 }),
  );
  results[results.length - 1].note = `${lines.totalSize?.toLocaleString('en')} lines`;
  // The same month typed as a number prefix, as a desk finds a month's orders by their numbers.
  const byNumber = {
    PageID: report.PageID,
    OrderNo: `${NUMBER_PREFIX.order}${month.period.replace('-', '')}`,
  };
  const numbered = await call(app, admin, '/orderItem/search', { ...byNumber, pageSize: 10 });
  await measure(`own-line order report, numbers ${byNumber.OrderNo}…, page 1`, 500, () =>
    call(app, admin, '/orderItem/search', { ...byNumber, currentPage: 1, pageSize: 10 }),
  );
  results[results.length - 1].note = `${numbered.totalSize?.toLocaleString('en')} lines`;
  await measure(
    `dashboard: order figures of ${month.period} with the to-do counts (admin)`,
    500,
    () => call(app, admin, '/dashboard/summary', { OrderPeriod: month.period }),
    Math.min(runs, 20),
  );

  // The month figures alone, as the summary (both lines) and the charts (twelve months) read them
  // from the kept summaries, for the whole portal and for an agent's company.
  for (const who of ['admin', 'rsp'] as const) {
    const caller = await authenticate(db, { headers: { 'x-token': tokens[who] } } as never);
    await measure(`dashboard: figures of ${month.period}, both lines (${who})`, 100, async () => {
      for (const line of FIGURE_LINES) await orderFiguresOf(db, caller, line.channel, month.period);
    });
    await measure(`dashboard: twelve months to ${month.period}, both lines (${who})`, 100, async () => {
      for (const line of FIGURE_LINES) await orderFiguresByMonth(db, caller, line.channel, month.period, 12);
    });
  }

  const inbox = { PageID: 'ordersSetup.approvalQuery', AwaitingMe: 1 };
  const waiting = await call(app, finance, '/order/search', { ...inbox, pageSize: 10 });
  await measure('approval query: awaiting finance (finance)', 25, () =>
    call(app, finance, '/order/search', { ...inbox, currentPage: 1, pageSize: 10 }),
  );
  results[results.length - 1].note = `${waiting.totalSize?.toLocaleString('en')} orders`;
  await measure('approval query: every own-line order, newest first (finance)', 25, () =>
    call(app, finance, '/order/search', {
      PageID: 'ordersSetup.approvalQuery',
      currentPage: 1,
      pageSize: 10,
    }),
  );
  await measure(`dashboard: to-do counts and figures of ${month.period} (finance)`, undefined, () =>
    call(app, finance, '/dashboard/summary', { OrderPeriod: month.period }),
  );
  return results;
}
