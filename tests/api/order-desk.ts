import { sql } from 'kysely';
import type { Db } from '../../server/db/database';
import type { TestApp } from './harness';

/** An order as its entry answers it. */
export type EnteredOrder = { ObjectID: string; OrderNo: string; Version: number; OrderAmount: string };

/** The agent company an employee of the demo works for (`rsp`, `ccp`…): its id, name and province. */
export const companyOf = async (db: Db, username: string) =>
  (
    await sql<{ id: string; name: string; province: string }>`select c.object_id::text as id, c.name,
      c.province_code as province
      from employee e join customer c on c.object_id = e.company_id where e.username = ${username}`.execute(
      db,
    )
  ).rows[0];

/** A hardware product an agent's credit covers a few of: the first priced between 1,000 and 20,000. */
export const orderableProduct = async (db: Db) =>
  (
    await sql<{ code: string }>`select product_code as code from product
      where standard_price between 1000 and 20000 and coalesce(category, '') <> '181'
      order by product_code limit 1`.execute(db)
  ).rows[0].code;

/** An own-line order form as a desk fills it for an agent, one line of `quantity` of a product. */
export const orderForm = (PageID: string, agent: string, product: string, quantity = 2) => ({
  PageID,
  AgentName: agent,
  EndUserName: '测试最终用户',
  OrderDate: '2026-11-20',
  PaymentMethod: '101',
  DeliveryMethod: '101',
  ReceiverName: '张收货',
  ReceiverPhone: '13800000000',
  ReceiverAddress: '南京市玄武区一号',
  Lines: [{ ProductCode: product, Quantity: quantity }],
});

/**
 * An own-line self-built order of an agent, with `quantity` of one product, entered by the holder of
 * `token` as sales operations fill the form; refused, it throws with the server's words.
 */
export async function enterOrder(
  t: TestApp,
  token: string,
  agent: string,
  product: string,
  quantity = 2,
): Promise<EnteredOrder> {
  const { status, body } = await t.post(
    '/order/create',
    { ...orderForm('ordersSetup.selfBuiltOrder', agent, product, quantity), OrderType: '101' },
    token,
  );
  if (status !== 200) throw new Error(`order: ${body.message}`);
  return body.results;
}

/**
 * An order submitted and agreed by the holder of `token` (sales operations: the one step of the small
 * band), so that it takes effect.
 */
export async function makeEffective(
  t: TestApp,
  token: string,
  order: { ObjectID: string; Version?: number },
) {
  const submitted = await t.post(
    '/orderApproval/submit',
    { ObjectID: order.ObjectID, Version: order.Version },
    token,
  );
  if (submitted.status !== 200) throw new Error(`submit: ${submitted.body.message}`);
  const agreed = await t.post(
    '/workflow/decide',
    { workflow: 'orderApproval', ObjectID: order.ObjectID, command: 'agree', payload: {} },
    token,
  );
  if (agreed.status !== 200 || agreed.body.results.State !== 'approved')
    throw new Error(`approve: ${agreed.body.message}`);
}
