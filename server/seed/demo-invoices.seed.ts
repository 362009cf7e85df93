import { sql } from 'kysely';
import { OrderApprovalStatus } from '../../domain/codes/orders.codes';
import { InvoiceType, PaymentConfirmStatus, PaymentStatus } from '../../domain/codes/payments.codes';
import type { Db } from '../db/database';
import { applyForInvoice, recordInvoice } from '../invoices/invoice.service';
import type { DemoWorld } from './demo-world';
import { as, clockOn, commandsTo } from './kit';
import { addDays, notAfterToday } from './random';
import { codeNamed, storyTable } from './story-data';

/** Invoice applications (stories/invoices.tsv), each on the uninvoiced order of its status paid first. */
export async function seedInvoices(db: Db, world: DemoWorld) {
  const rng = world.rng.fork('invoices');
  const [ops, finance] = [await as(db, 'ops'), await as(db, 'finance')];
  for (const plan of storyTable('invoices')) {
    const paymentStatus = codeNamed(PaymentStatus, plan.paymentStatus);
    const { rows } = await sql<{ no: string; day: string }>`select o.order_no as no,
        to_char(max(r.payment_date), 'YYYY-MM-DD') as day
      from sales_order o join payment_allocation a on a.order_id = o.object_id
        join payment_receipt r on r.object_id = a.receipt_id and r.data->>'ConfirmStatus' = ${sql.lit(PaymentConfirmStatus.confirmed)}
      where o.approval_status = ${sql.lit(OrderApprovalStatus.effective)} and o.payment_status = ${paymentStatus}
        and not exists (select 1 from invoice_line l where l.order_id = o.object_id)
      group by o.object_id, o.order_no order by min(r.payment_date), o.order_no limit 1`.execute(db);
    if (!rows[0]) continue;
    const day = notAfterToday(addDays(rows[0].day, rng.int(1, 5)));
    const type = rng.pick([InvoiceType.vatSpecialInvoice, InvoiceType.vatGeneralInvoice]);
    const form = { PageID: 'ordersSetup.invoiceEdit', OrderNo: rows[0].no, InvoiceType: type };
    const { ObjectID, Version } = await applyForInvoice(db, ops, form, clockOn(rng, day));
    if (plan.outcome === 'awaiting') continue;
    const issued = notAfterToday(addDays(day, rng.int(0, 3)));
    const clock = clockOn(rng, issued);
    const invoice = { ObjectID, Version, InvoiceNumber: rng.digits(8), InvoiceDate: issued };
    await recordInvoice(db, finance, invoice, clock);
    await commandsTo(db, 'invoiceApproval', String(ObjectID), () => clock)(finance, 'agree', null);
  }
}
