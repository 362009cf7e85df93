import { sql } from 'kysely';
import { OrderChannel } from '../../domain/codes/orders.codes';
import type { Db } from '../db/database';
import { isPeriodLocked } from '../imports/control-dates';
import { importSpecOf } from '../imports/import-spec';
import { upload } from './demo-report-imports.seed';
import type { DemoWorld } from './demo-world';
import { as, at } from './kit';
import { addDays, DEMO_TODAY } from './random';

const PURCHASE_PAGE = 'report.distributorPurchaseReport';
/** The supplier an agent writes for what the vendor shipped it: no agent of the portal bears the name. */
const VENDOR = '本厂商';

interface Received {
  agent: string;
  province: string | null;
  period: string;
  model: string;
  quantity: number;
  price: string;
  serials: string | null;
  day: string;
}

/**
 * The agents' purchase reports of what the vendor's demo deliveries brought them, imported by sales operations
 * for them the day after the last shipment of the month: the monthly shipment report then reconciles
 * real shipments against real report lines. The largest line of all reports one unit more than
 * arrived (the first of equals), so the warning list has a difference to show; the others match, serial numbers included.
 */
export async function seedPurchaseImports(db: Db, world: DemoWorld) {
  const rng = world.rng.fork('purchase-imports');
  const received =
    // A shipment's serials are gathered on their own: joined beside its quantity they would count each
    // unit once per serial number. Only the own line's shipments are bought from the vendor: a partner
    // shipment is the partner's goods, which no agent reports as the vendor's.
    await sql<Received>`select c.name as agent, c.province_code as province, report_period(s.ship_date) as period,
      coalesce(p.data->>'ProductModel', s.product_code) as model, sum(s.quantity)::int as quantity,
      max(i.unit_price)::text as price, nullif(string_agg(ss.serials, ', ' order by ss.serials), '') as serials,
      to_char(max(s.ship_date), 'YYYY-MM-DD') as day
    from shipment s join customer c on c.object_id = s.company_id
      join order_item i on i.object_id = s.order_item_id
      left join product p on p.product_code = s.product_code
      left join lateral (select string_agg(x.serial_no, ', ' order by x.serial_no) as serials
        from shipment_serial x where x.shipment_id = s.object_id) ss on true
    where s.order_channel = ${OrderChannel.ownLine}
    group by 1, 2, 3, 4 order by 3, 1, 4`.execute(db);
  if (!received.rows.length) return;
  const spec = importSpecOf(PURCHASE_PAGE);
  const caller = await as(db, 'ops');
  const periods = [...new Set(received.rows.map((r) => r.period))];
  const largest = received.rows.reduce((top, r) => (r.quantity > top.quantity ? r : top));
  for (const period of periods) {
    const last = received.rows
      .filter((r) => r.period === period)
      .map((r) => r.day)
      .sort()
      .at(-1)!;
    const day = addDays(last, 1) > DEMO_TODAY ? DEMO_TODAY : addDays(last, 1);
    const when = at(day, `10:${rng.int(10, 59)}`);
    // A period its control date has locked by then takes no report, as it would take none from the agent.
    const rows = [];
    for (const r of received.rows.filter((x) => x.period === period))
      if (!(await isPeriodLocked(db, period, spec.declared.reportType ?? '', r.province, when))) rows.push(r);
    if (!rows.length) continue;
    const lines = rows.map((r) => {
      const over = r === largest;
      return {
        AgentName: r.agent,
        Period: period,
        SupplierName: VENDOR,
        ProductModel: r.model,
        Quantity: over ? r.quantity + 1 : r.quantity,
        UnitPrice: r.price,
        InboundDate: r.day,
        SerialNo: over ? '' : (r.serials ?? ''),
      };
    });
    await upload(db, rng, caller, spec, { name: `purchase_${period}.xlsx`, lines, at: when });
  }
}
