import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { fieldError, fieldMissing } from '../http/validate';
import { checkSeenOpportunity } from '../opportunities/seen-opportunity';
import { resourceDef } from '../resources/registry';
import { checkValues } from '../resources/values';
import {
  type Agent,
  agentFor,
  checkServiceLines,
  ENTRY_FORMS,
  type EntryForm,
  RSP,
  rspCashDiscountFen,
} from './order-entry.rules';
import { checkLines, type PricedLine, priceLines, productsOf } from './order-lines';
import { checkOrderSupplier, formNamesCityManager, orderCityManager } from './order-references';
import { fenOf, MAX_AMOUNT_FEN, orderAmountFen, yuanOf } from './pricing';
import { type ExecutionOrder, executionOrderFor } from './pricing-execution-orders';

/** An order as its form's body priced it: the checked header, the priced lines and the amounts. */
export interface Priced {
  values: Record<string, unknown>;
  lines: PricedLine[];
  agent: Agent;
  execution?: ExecutionOrder;
  amounts: Record<string, string>;
}

/**
 * Checks the header by its form, the agent, the references, the lines and their prices, and computes
 * the amounts. `enteredOn` is the business day the order was entered, its order date when its form has
 * none; `at` the moment of this write, which the city manager configuration is read at.
 */
export async function priceOrder(
  trx: Db,
  caller: Caller,
  form: EntryForm,
  body: Record<string, unknown>,
  enteredOn: string,
  at: Date,
): Promise<Priced> {
  const def = resourceDef('order')!;
  const { Lines, ...header } = body;
  // Checked as the form's values; its required fields below (the order's channel is the server's to set).
  const values = await checkValues(trx, def, { ...header, PageID: form }, 'update');
  for (const spec of def.fields.values())
    if (spec.requiredIn.has(form) && (values[spec.name] === undefined || values[spec.name] === null))
      throw fieldMissing('order', spec.name);
  const checked = checkLines(Lines);
  if (form === 'ordersSetup.selfBuiltOrder' && values.OrderType !== ENTRY_FORMS[form].type)
    throw fieldError('order', 'OrderType', 'ordersEntry.selfBuiltStandardOnly');
  const agent = await agentFor(trx, caller, String(values.AgentName));
  await checkOrderSupplier(trx, values.SupplierName);
  // Every order counts toward a city manager by one rule: the one its form names, where it names one
  // (self-built, RSP hardware), else the agent city's configured manager (special-price, service).
  const named = formNamesCityManager(form) ? values.cityManagerName : undefined;
  values.cityManagerName = await orderCityManager(trx, agent, named, at);
  // Every order has an order date: one entered without (a service order) is dated the day it was entered.
  values.OrderDate ??= enteredOn;
  const orderDate = String(values.OrderDate);
  const execution =
    form === 'ordersSetup.specialAdd'
      ? await executionOrderFor(trx, caller, String(values.ExecutionOrderNo), agent.name, orderDate)
      : undefined;
  if (execution?.opportunityNo && values.OpportunityNo && values.OpportunityNo !== execution.opportunityNo)
    throw fieldError('order', 'OpportunityNo', 'ordersEntry.execution.otherOpportunity');
  // The deal the order carries — its execution order's, else the one its form names — is a deal of
  // its agent the person entering it sees: one rule, whichever way the number came.
  await checkSeenOpportunity(
    trx,
    caller,
    execution?.opportunityNo || values.OpportunityNo,
    'order',
    agent.id,
  );
  const products = await productsOf(trx, checked);
  const lines = priceLines(checked, products, execution?.lines);
  if (form === 'ordersSetup.serviceOrderNew') {
    if (String(values.ServiceEndDate) < String(values.ServiceStartDate))
      throw fieldError('order', 'ServiceEndDate', 'ordersEntry.service.endBeforeStart');
    await checkServiceLines(trx, caller, values, lines, agent.id);
  }
  const amountFen = orderAmountFen(lines);
  if (amountFen >= MAX_AMOUNT_FEN) throw new PortalError(400, 'ordersEntry.amountTooLarge');
  if (form === 'ordersSetup.rspHardwareOrderNew' && agent.type !== RSP)
    throw fieldError('order', 'AgentName', 'ordersEntry.rspOnly');
  const cashFen =
    form === 'ordersSetup.rspHardwareOrderNew'
      ? await rspCashDiscountFen(trx, agent.name, orderDate, amountFen)
      : 0n;
  const rebateFen = fenOf(values.RebateDeduction) ?? 0n;
  if (rebateFen > amountFen - cashFen)
    throw fieldError('order', 'RebateDeduction', 'ordersEntry.rebateOverAmount');
  const payableFen = amountFen - cashFen - rebateFen;
  return {
    values,
    lines,
    agent,
    execution,
    amounts: {
      OrderAmount: yuanOf(amountFen),
      CashDiscountAmount: yuanOf(cashFen),
      RebateDeduction: yuanOf(rebateFen),
      PayableAmount: yuanOf(payableFen),
      PaidAmount: '0.00',
      UnpaidAmount: yuanOf(payableFen),
      InvoicedAmount: '0.00',
    },
  };
}
