import { sql } from 'kysely';
import { OrderChannel } from '../../domain/codes/orders.codes';
import { fenToYuanString } from '../../domain/money';
import { partnerOrderLine, startPartnerServer } from '../../scripts/partner-server';
import type { Db } from '../db/database';
import { pullPartnerOrders } from '../partner/partner-pull.service';
import type { Draft } from './demo-orders.seed';
import { at } from './kit';
import { DEMO_TODAY, type Random } from './random';
import { weightedWords } from './story-data';

/** How often a week's feed has a row the portal cannot take, and which (stories/words.tsv). */
const FAULTS = weightedWords('partnerFeedFaults');

/** A week's partner orders, as the partner's feed sends them between two pulls. */
function weeksOf(drafts: Draft[]): Draft[][] {
  const weeks = new Map<number, Draft[]>();
  for (const d of drafts) {
    const week = Math.floor(Date.parse(d.day) / (7 * 86_400_000));
    weeks.set(week, [...(weeks.get(week) ?? []), d]);
  }
  return [...weeks.keys()].sort((a, b) => a - b).map((week) => weeks.get(week)!);
}

/**
 * Partner-line orders come in as the partner pull takes them: a local partner feed serves each week's
 * orders (and, now and then, a row the portal cannot take: a part number it does not know yet, an
 * agent code it has not got, a row cut short), and the pull job's service runs once a week, so the
 * synced orders, the original data, the error log and the pull log are all real runs.
 */
export async function insertPartnerOrders(db: Db, rng: Random, drafts: Draft[]) {
  const server = await startPartnerServer({ lines: [] });
  const partnerNo = new Map<Draft, string>();
  try {
    for (const week of weeksOf(drafts)) {
      const lines = week.map((d) => {
        const no = `PO${d.day.replaceAll('-', '')}${rng.digits(5)}`;
        partnerNo.set(d, no);
        return partnerOrderLine({
          orderNo: no,
          orderDate: d.day,
          agentCode: d.agent.accountId,
          endUser: d.endUser,
          contractNo: rng.chance(0.9) ? `HT${d.day.slice(0, 4)}${rng.digits(6)}` : undefined,
          lines: d.lines.map((l) => ({
            productCode: l.product.code,
            quantity: l.quantity,
            unitPrice: fenToYuanString(l.unitFen),
          })),
        });
      });
      const sample = week[0];
      const broken = rng.weighted(FAULTS);
      const oddNo = `PO${sample.day.replaceAll('-', '')}${rng.digits(5)}`;
      const unitPrice = fenToYuanString(sample.product.priceFen);
      const odd = (agentCode: string, productCode = sample.product.code) =>
        partnerOrderLine({
          orderNo: oddNo,
          orderDate: sample.day,
          agentCode,
          lines: [{ productCode, quantity: 1, unitPrice }],
        });
      if (broken === 'product') lines.push(odd(sample.agent.accountId, `H3C-${rng.digits(4)}-NEW`));
      if (broken === 'agent') lines.push(odd(`HX${rng.digits(6)}`));
      if (broken === 'cut') {
        const whole = odd(sample.agent.accountId);
        lines.push(whole.slice(0, Math.floor(whole.length * 0.6)));
      }
      server.setLines(lines);
      const last = Date.parse(week[week.length - 1].at);
      const pullAt = Math.min(last + rng.int(10, 240) * 60_000, at(DEMO_TODAY, '23:30').getTime());
      const now = new Date(Math.max(pullAt, last));
      await pullPartnerOrders(db, { url: server.url, now, uuid: () => rng.uuid() });
    }
  } finally {
    await server.close();
  }
  const synced = await sql<Record<'id' | 'no' | 'partner', string>>`
    select object_id::text as id, order_no as no, data->>'PartnerOrderNo' as partner from sales_order
    where order_channel = ${sql.lit(OrderChannel.partnerLine)}`.execute(db);
  const byPartnerNo = new Map(synced.rows.map((r) => [r.partner, r]));
  for (const d of drafts) {
    const row = byPartnerNo.get(partnerNo.get(d)!);
    if (!row) throw new Error(`The partner pull did not take ${partnerNo.get(d)}`);
    Object.assign(d, { id: row.id, no: row.no });
  }
}
