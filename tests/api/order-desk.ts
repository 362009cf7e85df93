import type { TestApp } from './harness';

/** An order as its entry answers it. */
export type EnteredOrder = { ObjectID: string; OrderNo: string; Version: number; OrderAmount: string };

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
