import { sql } from 'kysely';
import { OpinionType } from '../../domain/codes/reports.codes';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { importSpecOf } from '../imports/import-spec';
import { resourceDef } from '../resources/registry';
import { createRecord, updateRecord } from '../resources/write';
import type { Clock } from '../workflows/clock';
import { asBuyer, fileNameOf, type Line, movedOn, upload, yuan } from './demo-report-imports.seed';
import { activeRsps, type DemoWorld } from './demo-world';
import { afterPeriod, as, clockAt, commandsTo } from './kit';

const SALES_FORM = 'report.distributorSalesReportCreate';
/** A month no control date locks, reported on the 2nd of the next one. */
const PERIOD = '2026-10';

/** A moment of the review, on the seed's clock: day of November 2026 and hour (China time). */
const on = (day: number, hour: number, minute: number) => afterPeriod(PERIOD, day, hour, minute);

/**
 * The demo distributor's October sales report and its review, entered through the same import, forms
 * and decisions people use (docs/reports.md "Opinions and the modification log"): the channel manager
 * raises an opinion on a line's price and one on the whole report; the distributor corrects the
 * price by importing the file again and a quantity through the edit form with its reason — both in
 * the modification log — replies to the first opinion, which the channel manager closes; the second
 * still waits for the distributor's reply.
 */
export async function seedReportReviews(db: Db, world: DemoWorld) {
  const rng = world.rng.fork('report-reviews');
  const [gd, reviewer] = await Promise.all([as(db, 'gd'), as(db, 'channel')]);
  const agent = world.demoGd;
  const buyers = activeRsps(world).slice(0, 3);
  const models = [...new Map(world.products.map((p) => [p.model, p])).values()].slice(0, 4);
  if (buyers.length < 3 || models.length < 4) return;
  const lines: Line[] = models.map((product, index) => ({
    AgentName: agent.name,
    Period: PERIOD,
    ...asBuyer(buyers[index % buyers.length]),
    ProductModel: product.model,
    Quantity: rng.int(2, 12),
    UnitPrice: yuan(product.priceFen),
    ...movedOn(`${PERIOD}-${String(rng.int(5, 28)).padStart(2, '0')}`),
  }));
  const spec = importSpecOf('report.distributorSalesReport');
  const fileName = fileNameOf(spec, agent, PERIOD);
  await upload(db, rng, gd, spec, { name: fileName, lines, at: on(2, 10, rng.int(0, 59)) });

  const clock = (at: Date) => clockAt(rng, at);
  const { reportType: ReportType } = spec.declared;
  const about = { PageID: 'report.opinionCreate', ReportType, AgentName: agent.name, Period: PERIOD };
  const raise = (OpinionType: string, OpinionContent: string, at: Date, line = {}) => {
    const body = { ...about, ...line, OpinionType, OpinionContent };
    return createRecord(db, resourceDef('reportOpinion')!, reviewer, body, clock(at));
  };
  const onPrice = await raise(OpinionType.dataError, '单价低于渠道最低价，请核对后更正', on(3, 9, 20), {
    ProductModel: lines[1].ProductModel,
  });
  await raise(OpinionType.missingCustomerInfo, '最终用户销售未填写统一社会信用代码，请补充', on(3, 9, 35));

  const corrected = lines.map((line, index) =>
    index === 1 ? { ...line, UnitPrice: (Number(line.UnitPrice) * 1.08).toFixed(2) } : line,
  );
  await upload(db, rng, gd, spec, { name: fileName, lines: corrected, at: on(3, 15, rng.int(0, 59)) });
  await editQuantity(db, gd, String(lines[2].ProductModel), clock(on(4, 11, 5)));

  const decision = commandsTo(db, 'reportOpinion', String(onPrice.ObjectID), clock);
  await decision(gd, 'reply', on(4, 11, 30), { reason: '已按合同价重新导入更正' });
  await decision(reviewer, 'close', on(4, 16, 0), { reason: '已核对，单价正确' });
}

/** The distributor corrects a line's quantity on the report's form, saying why. */
async function editQuantity(db: Db, gd: Caller, model: string, clock: Clock) {
  const def = resourceDef('salesReport')!;
  const found = await sql<{ id: string; version: number; quantity: number }>`
    select object_id::text as id, version, (data->>'Quantity')::int as quantity from record
    where resource = 'salesReport' and company_id = ${gd.companyId} and data->>'Period' = ${PERIOD}
      and data->>'ProductModel' = ${model}`.execute(db);
  const line = found.rows[0];
  if (!line) return;
  const body = { ObjectID: line.id, Version: line.version, PageID: SALES_FORM, Quantity: line.quantity + 1 };
  await updateRecord(db, def, gd, { ...body, ModifyReason: '漏报一台退换货后补发的设备' }, clock);
}
