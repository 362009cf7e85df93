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

/** The order area's workflows, each begun as its desk begins it. */
export const orderStarters: Record<string, Starter> = {
  paymentApproval: registeredReceipt,
};
