import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { yuanToFen } from '../../domain/money';
import { startTestApp, type TestApp } from './harness';
import { enterOrder } from './order-desk';

/** What the receipt tests start from: the demo world, its finance desk and the RSP whose money it books. */
export interface ReceiptDesk {
  t: TestApp;
  tokens: Record<string, string>;
  rspName: string;
  rspId: string;
  /** An active RSP of the same province as the demo RSP. */
  otherAgent: string;
  /** An active RSP of another province. */
  farAgent: string;
  /** A hardware product priced so that a few of them make a receipt-sized order. */
  product: { code: string; price: string };
}

export type Receipt = Record<string, unknown> & { ObjectID: string; PaymentNo: string; Version: number };

export const fen = (yuan: unknown) => yuanToFen(String(yuan));
export const yuan = (f: number) => (f / 100).toFixed(2);

/**
 * Starts the portal on a demo world for a receipt test file and gives it the desk's moves: orders
 * entered as sales operations would, receipts registered as finance would.
 */
export function useReceiptDesk() {
  const desk = { tokens: {} } as ReceiptDesk;
  const post = (path: string, body: unknown, who = 'finance') => desk.t.post(path, body, desk.tokens[who]);

  async function one<T>(query: ReturnType<typeof sql<T>>) {
    return (await query.execute(desk.t.database.db)).rows[0] as T;
  }

  /** An own-line order of an agent entered as sales operations would, with `quantity` of one product. */
  const order = (agent: string, quantity = 2) =>
    enterOrder(desk.t, desk.tokens.ops, agent, desk.product.code, quantity);

  const receipt = (extra: Record<string, unknown> = {}) => ({
    PageID: 'ordersSetup.paymentEdit',
    AgentName: desk.rspName,
    PayerName: desk.rspName,
    PaymentMethod: '101',
    PaymentAmount: '1000.00',
    PaymentDate: '2026-11-21',
    BankSerialNo: 'BANK-0001',
    ...extra,
  });

  async function register(extra: Record<string, unknown> = {}, who = 'finance') {
    const { status, body } = await post('/payment/create', receipt(extra), who);
    if (status !== 200) throw new Error(`register: ${body.message}`);
    return body.results as Receipt;
  }

  beforeAll(async () => {
    desk.t = await startTestApp();
    for (const user of ['finance', 'ops', 'city', 'province'])
      desk.tokens[user] = await desk.t.login(user, 'Demo@123456');
    const rsp = await one(sql<{
      name: string;
      id: string;
    }>`select c.name, c.object_id::text as id from employee e
      join customer c on c.object_id = e.company_id where e.username = 'rsp'`);
    desk.rspName = rsp.name;
    desk.rspId = rsp.id;
    const province = await one(
      sql<{ code: string }>`select province_code as code from customer where object_id = ${rsp.id}`,
    );
    desk.otherAgent = (
      await one(sql<{ name: string }>`select name from customer where status = '161' and customer_type = '111'
        and province_code = ${province.code} and name <> ${rsp.name} order by account_id limit 1`)
    ).name;
    desk.farAgent = (
      await one(sql<{ name: string }>`select name from customer where status = '161' and customer_type = '111'
        and province_code <> ${province.code} order by account_id limit 1`)
    ).name;
    desk.product = await one(sql<{
      code: string;
      price: string;
    }>`select product_code as code, standard_price::text as price
      from product where standard_price between 1000 and 50000 and coalesce(category, '') <> '181'
      order by product_code limit 1`);
  });
  afterAll(() => desk.t?.close());

  return { desk, post, one, order, receipt, register };
}
