import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
let admin: string;

interface Row {
  StreamID: string;
  SubjectID: string;
  SubjectLabel: string | null;
}

beforeAll(async () => {
  t = await startTestApp();
  const db = t.database.db;
  // Two stream rows made by hand: one about an existing agent, one whose subject record is gone.
  const customer = await sql<{ id: string }>`select object_id::text as id from customer
    order by account_id limit 1`.execute(db);
  for (const [streamId, subject] of [
    ['LABEL-customer', customer.rows[0].id],
    ['LABEL-missing', '00000000-0000-4000-8000-000000000099'],
  ]) {
    await sql`insert into workflow_stream (stream_id, workflow, subject_resource, subject_id, state, status, version)
      values (${streamId}, 'customerChange', 'customer', ${subject}, '{}'::jsonb, 'inApproval', 1)`.execute(
      db,
    );
  }
  admin = await t.login('admin', 'Admin@123456');
});
afterAll(() => t.close());

const search = async (body: Record<string, unknown>) => {
  const { body: envelope } = await t.post(
    '/workflowStream/search',
    { currentPage: 1, pageSize: 20, ...body },
    admin,
  );
  expect(envelope.state).toBe(true);
  return envelope.results as Row[];
};

describe('POST /workflowStream/search names each stream’s subject', () => {
  it('says a registration by its number and company name', async () => {
    const rows = await search({ workflow: 'registration' });
    expect(rows.length).toBeGreaterThan(0);
    const records = await sql<{ id: string; no: string; name: string }>`select object_id::text as id,
      data->>'RegistrationNo' as no, data->>'Name' as name from record
      where object_id in (${sql.join(rows.map((r) => r.SubjectID))})`.execute(t.database.db);
    const byId = new Map(records.rows.map((r) => [r.id, `${r.no} ${r.name}`]));
    for (const row of rows) expect(row.SubjectLabel, row.StreamID).toBe(byId.get(row.SubjectID));
  });

  it('says an order, a loan, a payment, an invoice and a visit by their number and agent', async () => {
    for (const [workflow, table, number] of [
      ['orderApproval', 'sales_order', 'order_no'],
      ['loanOrder', 'loan_order', 'loan_no'],
      ['paymentApproval', 'payment_receipt', 'payment_no'],
      ['invoiceApproval', 'invoice_application', 'invoice_apply_no'],
      ['visit', 'visit', 'visit_no'],
    ] as const) {
      const rows = await search({ workflow });
      expect(rows.length, workflow).toBeGreaterThan(0);
      const numbers = await sql<{
        id: string;
        no: string;
      }>`select object_id::text as id, ${sql.ref(number)} as no
        from ${sql.table(table)} where object_id in (${sql.join(rows.map((r) => r.SubjectID))})`.execute(
        t.database.db,
      );
      const byId = new Map(numbers.rows.map((r) => [r.id, r.no]));
      for (const row of rows)
        expect(row.SubjectLabel?.split(' ')[0], row.StreamID).toBe(byId.get(row.SubjectID));
    }
  });

  it('says an agent by its account number and name, and nothing for a subject that is gone', async () => {
    const rows = await search({ streamId: 'LABEL-' });
    const label = (id: string) => rows.find((r) => r.StreamID === id)?.SubjectLabel;
    const agent = await sql<{ label: string }>`select account_id || ' ' || name as label from customer
      order by account_id limit 1`.execute(t.database.db);
    expect(label('LABEL-customer')).toBe(agent.rows[0].label);
    expect(label('LABEL-missing')).toBeNull();
  });
});
