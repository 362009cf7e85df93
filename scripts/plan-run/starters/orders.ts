import { DeliveryMethod, OrderType } from '../../../domain/codes/orders.codes';
import { PaymentMethod } from '../../../domain/codes/payments.codes';
import type { Cast } from '../cast';
import type { PortalCalls } from '../portal';
import type { Starter } from '../run-plan';
import { anAgent, applicantAccount, createdId, unique } from './kit';

/** A receipt finance registers, as its page would: it waits for finance's confirmation. */
async function registeredReceipt(portal: PortalCalls, cast: Cast) {
  const { token } = await applicantAccount(cast, 'paymentApproval');
  const agent = await anAgent(portal, token);
  const created = await portal.post(
    '/payment/create',
    {
      PageID: 'ordersSetup.paymentEdit',
      AgentName: agent,
      PayerName: agent,
      PaymentMethod: PaymentMethod.wireTransfer,
      PaymentAmount: '1000.00',
      PaymentDate: '2026-11-02',
      BankSerialNo: unique('PLAN'),
    },
    token,
  );
  return createdId('receipt', created);
}

/**
 * The amount of the order approval example's chain (sales operations, then finance): the demo's
 * band from 500,000 to 2,000,000 yuan (server/seed/demo-order-approvals.seed.ts).
 */
const TWO_STEP_ORDER_YUAN = 600_000;

/** The dearest product the order entry's line picker offers the caller. */
async function aProduct(portal: PortalCalls, token: string) {
  const found = await portal.post('/order/products', { keyword: '' }, token);
  const products = (found.body?.results ?? []) as { ProductCode: string; StandardPrice: string }[];
  const dearest = [...products].sort((a, b) => Number(b.StandardPrice) - Number(a.StandardPrice))[0];
  if (!dearest) throw new Error(`no product to order: ${found.body?.message}`);
  return dearest;
}

/** A draft order its agent enters on the order entry page, in the band of the example's chain. */
async function draftOrder(portal: PortalCalls, cast: Cast) {
  const { token } = await applicantAccount(cast, 'orderApproval');
  const agent = await anAgent(portal, token);
  const product = await aProduct(portal, token);
  const quantity = Math.ceil(TWO_STEP_ORDER_YUAN / Number(product.StandardPrice));
  const created = await portal.post(
    '/order/create',
    {
      PageID: 'ordersSetup.selfBuiltOrder',
      OrderType: OrderType.standard,
      AgentName: agent,
      EndUserName: unique('Plan end user'),
      OrderDate: '2026-11-20',
      PaymentMethod: PaymentMethod.wireTransfer,
      DeliveryMethod: DeliveryMethod.directFromVendor,
      ReceiverName: 'Plan receiver',
      ReceiverPhone: '13800000000',
      ReceiverAddress: 'Xuanwu District No. 1',
      Lines: [{ ProductCode: product.ProductCode, Quantity: quantity }],
    },
    token,
  );
  return createdId('draft order', created);
}

/** The order area's workflows, each begun as its desk begins it. */
export const orderStarters: Record<string, Starter> = {
  paymentApproval: registeredReceipt,
  orderApproval: draftOrder,
};
