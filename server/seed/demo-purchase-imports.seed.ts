import { sql } from 'kysely';
import { OrderChannel } from '../../domain/codes/orders.codes';
import type { Db } from '../db/database';
import { importSpecOf } from '../imports/import-spec';
import { type Line, upload } from './demo-report-imports.seed';
import type { DemoWorld } from './demo-world';
import { as, at } from './kit';
import { addDays, notAfterToday } from './random';

/** The supplier an agent writes for what the vendor shipped it: no agent of the portal bears the name. */
const VENDOR = '本厂商';
/** What an agent received of a model in a month, as its purchase report's line names it. */
type Received = Line & { Quantity: number; InboundDate: string };

/**
 * The agents' purchase reports of the vendor's own-line shipments, imported by sales operations the day after
 * the month's last one, so the monthly shipment report reconciles real lines. The largest line (the first of
 * equals) reports one unit more than arrived, for the warning list to show; the others match, serials too.
 */
export async function seedPurchaseImports(db: Db, world: DemoWorld) {
  const rng = world.rng.fork('purchase-imports');
  // Serials are gathered on their own: joined beside the quantity they would count a unit once per serial.
  const { rows } = await sql<Received>`select c.name as "AgentName", report_period(s.ship_date) as "Period",
      coalesce(p.data->>'ProductModel', s.product_code) as "ProductModel", sum(s.quantity)::int as "Quantity",
      max(i.unit_price)::text as "UnitPrice", coalesce(string_agg(ss.serials, ', ' order by ss.serials), '') as "SerialNo",
      to_char(max(s.ship_date), 'YYYY-MM-DD') as "InboundDate"
    from shipment s join customer c on c.object_id = s.company_id
      join order_item i on i.object_id = s.order_item_id
      left join product p on p.product_code = s.product_code
      left join lateral (select string_agg(x.serial_no, ', ' order by x.serial_no) as serials
        from shipment_serial x where x.shipment_id = s.object_id) ss on true
    where s.order_channel = ${OrderChannel.ownLine}
    group by 1, 2, 3 order by 2, 1, 3`.execute(db);
  const spec = importSpecOf('report.distributorPurchaseReport');
  const caller = await as(db, 'ops');
  const largest = rows.reduce((top, r) => (r.Quantity > top.Quantity ? r : top));
  const over = { Quantity: largest.Quantity + 1, SerialNo: '' };
  for (const period of new Set(rows.map((r) => r.Period))) {
    const received = rows.filter((r) => r.Period === period);
    const last = received.reduce((day, r) => (r.InboundDate > day ? r.InboundDate : day), '');
    const when = at(notAfterToday(addDays(last, 1)), `10:${rng.int(10, 59)}`);
    const lines = received.map((r) => ({ ...r, SupplierName: VENDOR, ...(r === largest && over) }));
    await upload(db, rng, caller, spec, { name: `purchase_${period}.xlsx`, lines, at: when });
  }
}
