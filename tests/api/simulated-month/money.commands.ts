import { sql } from 'kysely';
import { OrderApprovalStatus } from '../../../domain/codes/orders.codes';
import {
  InvoiceType,
  InvoicingApplicationStatus,
  PaymentConfirmStatus,
  PaymentMethod,
} from '../../../domain/codes/payments.codes';
import { Brand } from '../../../domain/codes/products.codes';
import { RebateAccountType } from '../../../domain/codes/rebates.codes';
import { answer, type Command, expectationOf } from './command';
import { agentName, choose, fenOf, inState, OWNERS, orderNow, versionOf, yuan } from './records';
import type { Role } from './world';

/** Roles without the payment pages (the city manager's refusal is the documented one). */
const NO_PAYMENT_PAGES: Role[] = ['city', 'rsp', 'ccp', 'gd'];
const { awaitingFinance, returned } = PaymentConfirmStatus;

const register: Command = {
  weight: 5,
  actors: ['finance', 'finance', 'province', 'city', 'rsp', 'newstaff'],
  async run(world, step) {
    const owner = OWNERS[step.n % OWNERS.length];
    const name = agentName(world, owner);
    const response = await world.t.post(
      '/payment/create',
      {
        PageID: 'ordersSetup.paymentEdit',
        AgentName: name,
        PayerName: name,
        PaymentMethod: PaymentMethod.wireTransfer,
        PaymentAmount: yuan(100_000 * (1 + (step.n % 30))),
        PaymentDate: '2026-11-21',
        BankSerialNo: `SIM-${world.next()}`,
      },
      await world.as(step.as),
    );
    if (response.status === 200) world.made.receipts.push({ id: response.body.results.ObjectID, owner });
    return answer(response, expectationOf(step.as, owner, NO_PAYMENT_PAGES));
  },
};

/** A share of an order's amount put on a receipt: a quarter to all of it, now and then a fen more than the order. */
const allocate: Command = {
  weight: 5,
  actors: ['finance', 'finance', 'ops', 'city', 'newstaff'],
  async run(world, step) {
    const receipt = await choose(
      world.made.receipts,
      step,
      inState(world, 'payment_receipt', 'data.ConfirmStatus', [awaitingFinance, returned]),
    );
    const orders = world.made.orders.filter((o) => o.owner === receipt?.owner);
    const order = orders[step.pick % Math.max(1, orders.length)];
    if (!receipt || !order) return undefined;
    const now = await orderNow(world, order.id);
    if (!now) return undefined;
    const due = fenOf(now.amount);
    const share = step.n % 9 === 8 ? due + 1 : Math.max(1, Math.floor((due * (1 + (step.n % 4))) / 4));
    const response = await world.t.post(
      '/payment/allocate',
      {
        ObjectID: receipt.id,
        Version: await versionOf(world, 'payment_receipt', receipt.id),
        Allocations: [{ OrderNo: now.no, AllocatedAmount: yuan(share) }],
      },
      await world.as(step.as),
    );
    return answer(response, expectationOf(step.as, receipt.owner, NO_PAYMENT_PAGES));
  },
};

/** Taking one allocation off a receipt finance has not confirmed. */
const unallocate: Command = {
  weight: 2,
  actors: ['finance', 'ops', 'newstaff'],
  async run(world, step) {
    const { rows } = await sql<{ id: string }>`select a.object_id::text as id from payment_allocation a
      where a.receipt_id in (${sql.join(world.made.receipts.map((r) => r.id).concat(['00000000-0000-0000-0000-000000000000']))})
      order by a.object_id`.execute(world.db);
    const row = rows[step.pick % Math.max(1, rows.length)];
    if (!row) return undefined;
    const response = await world.t.post(
      '/paymentAllocation/delete',
      { ObjectID: row.id },
      await world.as(step.as),
    );
    return answer(response, expectationOf(step.as, undefined, NO_PAYMENT_PAGES));
  },
};

const RECEIPT_DECISIONS = ['agree', 'agree', 'return', 'reject', 'resubmit'] as const;

const confirm: Command = {
  weight: 4,
  actors: ['finance', 'finance', 'ops', 'rsp', 'newstaff'],
  async run(world, step) {
    const receipt = await choose(
      world.made.receipts,
      step,
      inState(world, 'payment_receipt', 'data.ConfirmStatus', [awaitingFinance, returned]),
    );
    if (!receipt) return undefined;
    const command = RECEIPT_DECISIONS[step.n % RECEIPT_DECISIONS.length];
    const response = await world.t.post(
      '/workflow/decide',
      {
        workflow: 'paymentApproval',
        ObjectID: receipt.id,
        command,
        payload: command === 'return' || command === 'reject' ? { reason: '模拟月：与银行流水不符' } : {},
      },
      await world.as(step.as),
    );
    return answer(response, expectationOf(step.as, receipt.owner, ['ops', 'city', 'gd']));
  },
};

/** An invoice asked for one order: what is paid and not yet invoiced, or half the order's amount. */
const applyForInvoice: Command = {
  weight: 4,
  actors: ['ops', 'ops', 'finance', 'rsp', 'newstaff'],
  async run(world, step) {
    const order = await choose(
      world.made.orders,
      step,
      inState(world, 'sales_order', 'approval_status', [OrderApprovalStatus.effective]),
    );
    if (!order) return undefined;
    const now = await orderNow(world, order.id);
    if (!now) return undefined;
    const response = await world.t.post(
      '/invoice/create',
      {
        PageID: 'ordersSetup.invoiceEdit',
        InvoiceType: InvoiceType.vatSpecialInvoice,
        Lines: [
          {
            OrderNo: now.no,
            InvoiceAmount: step.n % 2 ? yuan(Math.floor(fenOf(now.amount) / 2)) : undefined,
          },
        ],
      },
      await world.as(step.as),
    );
    if (response.status === 200)
      world.made.invoices.push({ id: response.body.results.ObjectID, owner: order.owner });
    return answer(response, expectationOf(step.as, order.owner, ['rsp', 'ccp', 'gd']));
  },
};

const INVOICE_DECISIONS = ['agree', 'agree', 'reject', 'return'] as const;

/** Finance enters the invoice's number and decides it. */
const invoice: Command = {
  weight: 3,
  actors: ['finance', 'finance', 'ops', 'newstaff'],
  async run(world, step) {
    const application = await choose(
      world.made.invoices,
      step,
      inState(world, 'invoice_application', 'data.ApplicationStatus', [
        InvoicingApplicationStatus.financeReview,
      ]),
    );
    if (!application) return undefined;
    const token = await world.as(step.as);
    if (step.n % 3 === 0) {
      const recorded = await world.t.post(
        '/invoice/update',
        {
          ObjectID: application.id,
          Version: await versionOf(world, 'invoice_application', application.id),
          InvoiceNumber: String(10_000_000 + world.next()),
          InvoiceDate: '2026-11-22',
        },
        token,
      );
      return answer(recorded, expectationOf(step.as, application.owner, ['ops', 'rsp', 'ccp']));
    }
    const command = INVOICE_DECISIONS[step.n % INVOICE_DECISIONS.length];
    const response = await world.t.post(
      '/workflow/decide',
      {
        workflow: 'invoiceApproval',
        ObjectID: application.id,
        command,
        payload: command === 'agree' ? {} : { reason: '模拟月：抬头有误' },
      },
      token,
    );
    return answer(response, expectationOf(step.as, application.owner, ['rsp', 'ccp']));
  },
};

/** Finance adjusts an agent's rebate up or down, with a reason. */
const adjustRebate: Command = {
  weight: 2,
  actors: ['finance', 'finance', 'ops', 'admin', 'rsp', 'newstaff'],
  async run(world, step) {
    const owner = OWNERS[step.n % OWNERS.length];
    const response = await world.t.post(
      '/rebateFlow/adjust',
      {
        AgentID: world.companies[owner].id,
        AccountType: RebateAccountType.rebate,
        Brand: Brand.ownBrand,
        Amount: `${step.n % 4 === 3 ? '-' : ''}${yuan(10_000 * (1 + (step.n % 20)))}`,
        Remark: '模拟月：季度补差',
      },
      await world.as(step.as),
    );
    return answer(response, expectationOf(step.as, undefined, ['ops', 'rsp', 'ccp', 'gd']));
  },
};

export const moneyCommands: Record<string, Command> = {
  'receipt.register': register,
  'receipt.allocate': allocate,
  'receipt.unallocate': unallocate,
  'receipt.decide': confirm,
  'invoice.apply': applyForInvoice,
  'invoice.decide': invoice,
  'rebate.adjust': adjustRebate,
};
