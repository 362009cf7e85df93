import { sql } from 'kysely';
import { OpinionType } from '../../domain/codes/reports.codes';
import { fenToYuanString } from '../../domain/money';
import type { Db } from '../db/database';
import { importSpecOf } from '../imports/import-spec';
import { resourceDef } from '../resources/registry';
import { createRecord, updateRecord } from '../resources/write';
import { asBuyer, byModel, fileNameOf, type Line, movedOn, upload } from './demo-report-imports.seed';
import { activeRsps, type DemoWorld } from './demo-world';
import { afterPeriod, as, clockAt, commandsTo } from './kit';
import { two } from './random';

/** A month no control date locks, reported on the 2nd of the next one. */
const PERIOD = '2026-10';

/** A moment of the review, on the seed's clock: day of November 2026 and hour (China time). */
const on = (day: number, hour: number, minute: number) => afterPeriod(PERIOD, day, hour, minute);

/**
 * The demo distributor's October sales report and its review, through the import, forms and decisions
 * people use (docs/reports.md "Opinions and the modification log"): the distributor corrects a price by
 * importing again and a quantity through the edit form, and answers the first of the channel manager's
 * two opinions, which is closed; the second still waits for its reply.
 */
export async function seedReportReviews(db: Db, world: DemoWorld) {
  const rng = world.rng.fork('report-reviews');
  const [gd, reviewer] = await Promise.all([as(db, 'gd'), as(db, 'channel')]);
  const [agent, buyers] = [world.demoGd, activeRsps(world).slice(0, 3)];
  const lines = [...byModel(world).values()].slice(0, 4).map((product, index): Line => {
    const line = { AgentName: agent.name, Period: PERIOD, ...asBuyer(buyers[index % buyers.length]) };
    const sold = { ProductModel: product.model, Quantity: rng.int(2, 12) };
    const day = `${PERIOD}-${two(rng.int(5, 28))}`;
    return { ...line, ...sold, UnitPrice: fenToYuanString(product.priceFen), ...movedOn(day) };
  });
  const spec = importSpecOf('report.distributorSalesReport');
  const file = { name: fileNameOf(spec, agent, PERIOD), lines };
  await upload(db, rng, gd, spec, { ...file, at: on(2, 10, rng.int(0, 59)) });

  const clock = (at: Date) => clockAt(rng, at);
  const about = { PageID: 'report.opinionCreate', ReportType: spec.declared.reportType };
  const raise = (OpinionType: string, OpinionContent: string, at: Date, line = {}) => {
    const body = { ...about, AgentName: agent.name, Period: PERIOD, ...line, OpinionType, OpinionContent };
    return createRecord(db, resourceDef('reportOpinion')!, reviewer, body, clock(at));
  };
  const onPrice = await raise(OpinionType.dataError, '单价低于渠道最低价，请核对后更正', on(3, 9, 20), {
    ProductModel: lines[1].ProductModel,
  });
  await raise(OpinionType.missingCustomerInfo, '最终用户销售未填写统一社会信用代码，请补充', on(3, 9, 35));

  const repriced = { ...lines[1], UnitPrice: (Number(lines[1].UnitPrice) * 1.08).toFixed(2) };
  await upload(db, rng, gd, spec, { ...file, lines: lines.with(1, repriced), at: on(3, 15, rng.int(0, 59)) });
  const found = await sql<{ id: string; version: number; quantity: number }>`
    select object_id::text as id, version, (data->>'Quantity')::int as quantity from record
    where resource = 'salesReport' and company_id = ${gd.companyId} and data->>'Period' = ${PERIOD}
      and data->>'ProductModel' = ${lines[2].ProductModel}`.execute(db);
  const sale = found.rows[0];
  const edit = { ObjectID: sale.id, Version: sale.version, PageID: 'report.distributorSalesReportCreate' };
  const quantity = { Quantity: sale.quantity + 1, ModifyReason: '漏报一台退换货后补发的设备' };
  await updateRecord(db, resourceDef('salesReport')!, gd, { ...edit, ...quantity }, clock(on(4, 11, 5)));

  const decision = commandsTo(db, 'reportOpinion', String(onPrice.ObjectID), clock);
  await decision(gd, 'reply', on(4, 11, 30), { reason: '已按合同价重新导入更正' });
  await decision(reviewer, 'close', on(4, 16, 0), { reason: '已核对，单价正确' });
}
