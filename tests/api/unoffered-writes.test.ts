import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accrue } from '../../server/rebates/ledger.service';
import { resourceDef } from '../../server/resources/registry';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp();
  tokens.admin = await t.login('admin', 'Admin@123456');
  for (const user of ['rsp', 'channel', 'ops']) tokens[user] = await t.login(user, 'Demo@123456');
});
afterAll(() => t.close());

/** How many records of a resource the database holds, whoever may see them. */
async function countOf(resource: string) {
  const def = resourceDef(resource)!;
  const where = def.storage.shared ? sql`where resource = ${resource}` : sql``;
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from ${sql.table(def.storage.table)} ${where}`.execute(t.database.db);
  return rows[0].n;
}

const refusal = { state: false, message: '您的菜单中没有提供此操作的页面' };

describe('a write no page of the caller offers is refused and writes nothing', () => {
  it.each(['payment', 'rebateFlow'])(
    'rsp cannot create a %s with an empty body: no page of its menu offers create there',
    async (resource) => {
      const before = await countOf(resource);
      const { status, body } = await t.post(`/${resource}/create`, {}, tokens.rsp);
      expect(status).toBe(403);
      // Without a page of the resource it is refused as a whole; with a read-only one, as an action.
      expect(body.state).toBe(false);
      expect(['没有访问该功能的权限', refusal.message]).toContain(body.message);
      expect(await countOf(resource)).toBe(before);
    },
  );

  it('an agent applying for an invoice with an empty body is told what is missing, and nothing is written', async () => {
    // Its invoice application page offers create: the body is what is wrong, not the page.
    const before = await countOf('invoice');
    const { status, body } = await t.post('/invoice/create', {}, tokens.rsp);
    expect([status, body.state]).toEqual([400, false]);
    expect(body.message).not.toBe(refusal.message);
    expect(await countOf('invoice')).toBe(before);
  });

  it('the English caller reads the refusal in English', async () => {
    // The RSP reads the invoice details list (invoiceDetail) but no page of its menu creates there.
    const { status, body } = await t.post('/invoiceDetail/create', {}, tokens.rsp, {
      'accept-language': 'en',
    });
    expect(status).toBe(403);
    expect(body.message).toBe('No page of your menu offers this action');
  });

  it('channel cannot delete a registration under review: no registration page offers delete', async () => {
    const listed = await t.post(
      '/registrationInfo/search',
      { PageID: 'customers.registrarApproval', pageSize: 100 },
      tokens.channel,
    );
    expect(listed.status).toBe(200);
    const ids = listed.body.results.map((r: { ObjectID: string }) => r.ObjectID);
    const open = await sql<{ id: string }>`select subject_id as id from workflow_stream
      where subject_resource = 'registrationInfo' and state->>'status' = 'active'
        and subject_id in (${sql.join(ids)}) limit 1`.execute(t.database.db);
    const id = open.rows[0]?.id;
    expect(id, 'a registration under review in Jiangsu').toBeDefined();
    const before = await countOf('registrationInfo');
    const { status, body } = await t.post('/registrationInfo/delete', [{ ObjectID: id }], tokens.channel);
    expect([status, body]).toEqual([403, refusal]);
    expect(await countOf('registrationInfo')).toBe(before);
    expect((await t.post('/registrationInfo/getOne', { ObjectID: id }, tokens.channel)).status).toBe(200);
  });

  it('channel cannot delete an agent: only the GD list offers delete, and only of GDs', async () => {
    const listed = await t.post(
      '/customer/search',
      { PageID: 'customers.rspInfo', pageSize: 1 },
      tokens.channel,
    );
    const rsp = listed.body.results[0];
    expect(rsp?.ObjectID, 'an RSP in Jiangsu').toBeDefined();
    const before = await countOf('customer');
    const { status, body } = await t.post('/customer/delete', [{ ObjectID: rsp.ObjectID }], tokens.channel);
    expect([status, body]).toEqual([403, refusal]);
    // Nor through the administrator: the lens holds for everyone.
    expect((await t.post('/customer/delete', { ObjectID: rsp.ObjectID }, tokens.admin)).status).toBe(403);
    expect(await countOf('customer')).toBe(before);
    expect((await t.post('/customer/getOne', { ObjectID: rsp.ObjectID }, tokens.channel)).status).toBe(200);
  });

  it('a resource no page lets anyone create is read-only for the administrator too', async () => {
    // The multi-line payment report is summed from receipts: nothing is entered into it.
    const before = await countOf('paymentFlow');
    const { status, body } = await t.post('/paymentFlow/create', { PaymentAmount: '1.00' }, tokens.admin);
    expect([status, body]).toEqual([403, refusal]);
    expect(await countOf('paymentFlow')).toBe(before);
  });

  it('a write a page offers still reaches the checks of its values', async () => {
    // ops holds the opportunity list, whose toolbar offers create: the request gets past permission.
    const { status } = await t.post('/opportunity/create', { NoSuchField: 'x' }, tokens.ops);
    expect(status).toBe(400);
    expect((await t.post('/h3cSalesArea/create', { NoSuchField: 'x' }, tokens.rsp)).status).toBe(403);
  });

  it('a GD with an open workflow cannot be deleted from the GD list that offers delete; one without can', async () => {
    const db = t.database.db;
    const gds = await t.post(
      '/customer/search',
      { PageID: 'customers.distributorOverview', pageSize: 2 },
      tokens.admin,
    );
    const [busy, idle] = gds.body.results as { ObjectID: string }[];
    expect(idle, 'two GDs in the demo data').toBeDefined();
    // Point an open application of the demo data at the first GD.
    const moved = await sql`update workflow_stream set subject_id = ${busy.ObjectID}
      where stream_id = (select stream_id from workflow_stream
        where subject_resource = 'customer' and state->>'status' = 'active' limit 1)`.execute(db);
    expect(Number(moved.numAffectedRows)).toBe(1);
    const refused = await t.post('/customer/delete', [{ ObjectID: busy.ObjectID }], tokens.admin);
    expect([refused.status, refused.body.message]).toEqual([
      409,
      '该记录有进行中的流程，不能删除；请先撤回、驳回或作废该流程',
    ]);
    expect((await t.post('/customer/getOne', { ObjectID: busy.ObjectID }, tokens.admin)).status).toBe(200);
    const deleted = await t.post('/customer/delete', [{ ObjectID: idle.ObjectID }], tokens.admin);
    expect(deleted.body.state, deleted.body.message).toBe(true);
    expect((await t.post('/customer/getOne', { ObjectID: idle.ObjectID }, tokens.admin)).status).toBe(404);
  });

  it('a GD its rebate ledger refers to cannot be deleted: a clear 409, and the GD stays', async () => {
    const gds = await t.post(
      '/customer/search',
      { PageID: 'customers.distributorOverview', pageSize: 5 },
      tokens.admin,
    );
    const gd = (gds.body.results as { ObjectID: string }[]).at(-1)!;
    await accrue(
      t.database.db,
      { employeeId: null, name: 'test' },
      { companyId: gd.ObjectID, type: 'cashDiscount' },
      100,
      { type: 'accrual', no: 'TEST-1' },
    );
    const refused = await t.post('/customer/delete', [{ ObjectID: gd.ObjectID }], tokens.admin);
    expect([refused.status, refused.body.message]).toEqual([409, '该记录已被其他单据引用，不能删除']);
    expect((await t.post('/customer/getOne', { ObjectID: gd.ObjectID }, tokens.admin)).status).toBe(200);
  });
});
