import { businessDay } from '../../../domain/business-clock';
import { addDays } from '../../../domain/calendar-days';
import { LoanStatus, LoanType, VerificationMethod } from '../../../domain/codes/loans.codes';
import {
  OrderApprovalStatus,
  OrderChangeType,
  OrderChannel,
  OrderType,
} from '../../../domain/codes/orders.codes';
import { InvoiceType } from '../../../domain/codes/payments.codes';
import { ProductCategory } from '../../../domain/codes/products.codes';
import { ROLE } from '../../../domain/roles';
import type { PlanPath } from '../../../machines/viewer/test-paths';
import type { WorkflowActor } from '../../../machines/workflows/actor';
import { loanOrderDeclaration, SYSTEM_LOAN_ACTOR } from '../../../machines/workflows/loan-order.workflow';
import { findWorkflow } from '../../../machines/workflows/registry';
import type { Cast } from '../cast';
import type { PortalCalls } from '../portal';
import type { Door, PlanStepSent, StartedRecord, Starter, StepAnswer } from '../run-plan';
import { asTheJob, stands } from './in-process';
import { applicantAccount, createdId, ownCompany, unique } from './kit';

type Row = Record<string, unknown>;

/** The first person of a role in a workflow's example: the one the plan names by the role's demo login. */
function personOf(workflow: string, role: string): WorkflowActor {
  const person = findWorkflow(workflow)?.example.actors.find((a) => a.role === role);
  if (!person) throw new Error(`${workflow} names no ${role} in its example`);
  return person;
}

/** The administrator, who reads the product files (an agent's staff types the codes of its catalogue). */
const ADMIN: WorkflowActor = { id: 'admin', name: 'admin', role: ROLE.systemAdmin };

/** The rows of a list page the caller reads, or an error naming what the portal answered. */
async function listed(portal: PortalCalls, resource: string, body: Row, token: string): Promise<Row[]> {
  const answer = await portal.post(`/${resource}/search`, { currentPage: 1, pageSize: 100, ...body }, token);
  if (answer.status !== 200)
    throw new Error(`${resource} list: ${answer.status} ${answer.body?.message ?? ''}`);
  return (answer.body.results ?? []) as Row[];
}

const fen = (yuan: unknown) => Math.round(Number(yuan ?? 0) * 100);
const yuan = (fen: number) => (fen / 100).toFixed(2);

// ---------------------------------------------------------------------------------------------------
// Invoice applications

/** What a plan's application asks invoiced of an order: a small part, so the demo's payments last a run. */
const INVOICE_PART_FEN = 100_00;

/**
 * An invoice application as sales operations makes it on its page — for part of an effective order
 * its list shows paid and not yet invoiced — with the invoice finance issued for it entered on the
 * application (number and date), as finance does before it agrees: it waits in finance review.
 */
async function invoiceApplication(portal: PortalCalls, cast: Cast) {
  const { token } = await applicantAccount(cast, 'invoiceApproval');
  const orders = await listed(portal, 'order', { ApprovalStatus: OrderApprovalStatus.effective }, token);
  const open = orders.filter((o) => fen(o.PaidAmount) - fen(o.InvoicedAmount) >= INVOICE_PART_FEN);
  let application: Row | undefined;
  const refusals: string[] = [];
  // An order's paid amount may already be held by open applications the list does not count: the next one.
  for (const order of open) {
    const applied = await portal.post(
      '/invoice/create',
      {
        PageID: 'ordersSetup.invoiceEdit',
        InvoiceType: InvoiceType.vatSpecialInvoice,
        Lines: [{ OrderNo: order.OrderNo, InvoiceAmount: yuan(INVOICE_PART_FEN) }],
      },
      token,
    );
    if (applied.status === 200) {
      application = applied.body.results as Row;
      break;
    }
    refusals.push(`${order.OrderNo}: ${applied.body?.message ?? applied.status}`);
  }
  if (!application) throw new Error(`invoice application: no order to invoice (${refusals.join('; ')})`);
  const id = createdId('invoice application', { status: 200, body: { results: application } });
  const finance = await cast.account(personOf('invoiceApproval', ROLE.finance));
  const recorded = await portal.post(
    '/invoice/update',
    {
      ObjectID: id,
      Version: application.Version,
      InvoiceNumber: unique('FP'),
      InvoiceDate: businessDay(),
    },
    finance.token,
  );
  if (recorded.status !== 200)
    throw new Error(`invoice number: ${recorded.status} ${recorded.body?.message}`);
  return id;
}

// ---------------------------------------------------------------------------------------------------
// Loans

/** Where a loan's value falls in the demo's loan bands for the chain its example names (two lent units). */
const LOAN_VALUE_FEN = { above: 300_000_00, atMost: 1_000_000_00 };

/**
 * A demo product whose two units are worth a loan the example's chain decides (province manager, then
 * sales operations), read from the product files as the catalogue lists them; not a service.
 */
async function loanProduct(portal: PortalCalls, cast: Cast, units: number) {
  const { token } = await cast.account(ADMIN);
  for (let page = 1; page <= 20; page += 1) {
    const answer = await portal.post('/product/search', { currentPage: page, pageSize: 100 }, token);
    const rows = (answer.body?.results ?? []) as Row[];
    const fits = rows.find((p) => {
      const value = fen(p.ExtStandardPrice_SDK) * units;
      return (
        p.Enabled !== false &&
        p.ExtProductCategory_SDK !== ProductCategory.services &&
        value > LOAN_VALUE_FEN.above &&
        value <= LOAN_VALUE_FEN.atMost
      );
    });
    if (fits) return String(fits.pn);
    if (rows.length < 100) break;
  }
  throw new Error('loan: no demo product of a fitting price');
}

/** The desk extends a loan on the loan modify page: a fortnight past its due date (or extension). */
async function extendLoan(portal: PortalCalls, token: string, id: string): Promise<StepAnswer> {
  const read = await portal.post('/loanOrder/getOne', { ObjectID: id }, token);
  if (read.status !== 200) return read;
  const loan = read.body.results[0] as Row;
  const due = String(loan.ExtendedTo ?? loan.ExpectedReturnDate).slice(0, 10);
  return portal.post(
    '/loanOrder/update',
    {
      PageID: 'ordersSetup.loanOrderModify',
      ObjectID: id,
      Version: loan.Version,
      ExtendedTo: addDays(due, 14),
    },
    token,
  );
}

/**
 * A path may end with its loan overdue (a sale let go leaves it so), which blocks the agent's next
 * loan: before the next path asks, the desk extends such a loan, as it would to let the agent borrow.
 */
async function unblockAgent(portal: PortalCalls, cast: Cast, agent: string) {
  const { token } = await cast.account(personOf('loanOrder', ROLE.salesOperations));
  const overdue = await listed(
    portal,
    'loanOrder',
    { PageID: 'ordersSetup.loanOrders', AgentName: agent, LoanStatus: LoanStatus.overdue },
    token,
  );
  for (const loan of overdue) {
    const extended = await extendLoan(portal, token, String(loan.ObjectID));
    if (extended.status !== 200) throw new Error(`loan ${loan.LoanNo}: ${extended.body?.message ?? ''}`);
  }
}

/**
 * A loan as the agent's staff asks for it on the loan form: two units of one product, due in a month;
 * with the door its steps outside the decision endpoint go through (the daily job, the modify page).
 */
async function loanRequest(portal: PortalCalls, cast: Cast): Promise<StartedRecord> {
  const applicant = await applicantAccount(cast, 'loanOrder');
  const lent = loanOrderDeclaration.example.input.lines[0].lent;
  const product = await loanProduct(portal, cast, lent);
  const agent = await ownCompany(portal, applicant.token);
  await unblockAgent(portal, cast, agent);
  const created = await portal.post(
    '/loanOrder/create',
    {
      PageID: 'ordersSetup.loanOrderEdit',
      LoanType: LoanType.test,
      AgentName: agent,
      EndUserName: unique('End user'),
      ExpectedReturnDate: addDays(businessDay(), 30),
      Purpose: 'POC',
      Lines: [{ ProductCode: product, Quantity: lent }],
    },
    applicant.token,
  );
  const id = createdId('loan', created);
  return { id, door: loanDoor(portal, cast, id) };
}

/**
 * The loan's own doors: an overdue loan is extended on the loan modify page (the desk types a date
 * a fortnight past the due date; the page sends the workflow's extension), and a loan is marked overdue
 * by the daily job, never by a person. The job marks a loan once its due date has passed, which a run
 * cannot wait for: where the portal runs in this process the step is sent as the job sends it, for
 * this loan only (so no other loan of the run turns overdue and blocks the agent); over HTTP it is
 * refused as a step this run cannot take. A conversion is undone by cancelling its loan-to-sale order.
 */
function loanDoor(portal: PortalCalls, cast: Cast, id: string): Door {
  const desk = () => cast.account(personOf('loanOrder', ROLE.salesOperations));
  return (step) => {
    if (step.command === 'markOverdue') return markedOverdue();
    if (step.command === 'extend') return extended();
    if (step.command === 'ship') return shipped(step);
    if (step.command === 'returnGoods' || step.command === 'convert') return settled(step);
    if (step.command === 'undoConversion') return saleLetGo();
    return undefined;
  };

  /**
   * A conversion is given back by its loan-to-sale order being let go, never by a step on the loan:
   * the desk cancels the last order the loan's conversions entered (still a draft: the desk's first
   * command on it), which gives its unit back — the one unit of the first line the chart's step undoes.
   */
  async function saleLetGo(): Promise<StepAnswer> {
    const { token } = await desk();
    const read = await portal.post('/loanOrder/getOne', { ObjectID: id }, token);
    if (read.status !== 200) return read;
    const loanNo = String((read.body.results[0] as Row).LoanNo);
    const sold = await listed(
      portal,
      'loanVerification',
      {
        PageID: 'ordersSetup.loanVerificationRecords',
        LoanNo: loanNo,
        VerificationMethod: VerificationMethod.convertedToSale,
      },
      token,
    );
    const last = sold
      .map((row) => String(row.RelatedOrderNo))
      .sort()
      .at(-1);
    const order = last ? (await listed(portal, 'order', { OrderNo: last }, token))[0] : undefined;
    if (!order) return { status: 404, body: { message: `loan ${loanNo}: no loan-to-sale order to cancel` } };
    const cancelled = await portal.post(
      '/workflow/decide',
      {
        workflow: 'orderApproval',
        ObjectID: order.ObjectID,
        command: 'cancel',
        payload: { reason: 'sold fewer' },
      },
      token,
    );
    if (cancelled.status !== 200) return cancelled;
    return stands(portal, token, 'loanOrder', id);
  }

  /**
   * A return or conversion as its dialog sends it: the units of each line ticked by serial, the first
   * of those still out the dialog offers (a line without serials counted as the step says).
   */
  async function settled(step: PlanStepSent): Promise<StepAnswer> {
    const { token } = await cast.account(step.actor);
    const options = await portal.post('/workflow/options', { workflow: 'loanOrder', ObjectID: id }, token);
    if (options.status !== 200) return options;
    const open = (options.body.results.Lines ?? []) as { LineNo: number; Serials?: string[] }[];
    const sent = step.payload.lines as { lineNo: number; quantity: number }[] | undefined;
    const lines = sent?.map((line) => {
      const serials = open.find((o) => o.LineNo === line.lineNo)?.Serials;
      return serials ? { ...line, serialNumbers: serials.slice(0, line.quantity) } : line;
    });
    return portal.post(
      '/workflow/decide',
      {
        workflow: 'loanOrder',
        ObjectID: id,
        command: step.command,
        payload: { ...step.payload, ...(lines ? { lines } : {}) },
      },
      token,
    );
  }

  /** The warehouse types a serial per unit on the loan's lines and saves, then presses 出库发货. */
  async function shipped(step: PlanStepSent): Promise<StepAnswer> {
    const { token } = await cast.account(step.actor);
    const read = await portal.post('/loanOrder/getOne', { ObjectID: id }, token);
    if (read.status !== 200) return read;
    const loan = read.body.results[0] as Row & { Lines: { LineNo: number; LoanQuantity: number }[] };
    const saved = await portal.post(
      '/loanOrder/serials',
      {
        ObjectID: id,
        Version: loan.Version,
        Lines: loan.Lines.map((line) => ({
          LineNo: line.LineNo,
          SerialNumbers: Array.from({ length: line.LoanQuantity }, () => unique('SN')).join('\n'),
        })),
      },
      token,
    );
    if (saved.status !== 200) return saved;
    return portal.post(
      '/workflow/decide',
      { workflow: 'loanOrder', ObjectID: id, command: step.command, payload: step.payload },
      token,
    );
  }

  async function markedOverdue(): Promise<StepAnswer> {
    return asTheJob(portal, (await desk()).token, {
      workflow: 'loanOrder',
      id,
      command: 'markOverdue',
      actor: SYSTEM_LOAN_ACTOR,
    });
  }

  async function extended(): Promise<StepAnswer> {
    const { token } = await desk();
    const changed = await extendLoan(portal, token, id);
    if (changed.status !== 200) return changed;
    return stands(portal, token, 'loanOrder', id);
  }
}

// ---------------------------------------------------------------------------------------------------
// Order changes

/**
 * The demo's order approval bands of a standard order: up to 500,000 yuan sales operations alone,
 * up to 2,000,000 also finance — the chain the example of an order change needs approval along.
 */
const ORDER_BAND_FEN = { opsAlone: 500_000_00, ceiling: 2_000_000_00 };
/** A change that needs approval raises the amount by more than a tenth; the plan's raises are larger. */
const RAISE = 1.3;

/** A priced product a new order line can take (standard price, not a service), for a raise of `fenWanted`. */
async function productFor(portal: PortalCalls, cast: Cast, fenWanted: number) {
  const { token } = await cast.account(ADMIN);
  const rows = await listed(portal, 'product', {}, token);
  const priced = rows.filter(
    (p) =>
      p.Enabled !== false &&
      p.ExtProductCategory_SDK !== ProductCategory.services &&
      fen(p.ExtStandardPrice_SDK) > 0 &&
      fen(p.ExtStandardPrice_SDK) <= fenWanted,
  );
  const best = priced.sort((a, b) => fen(b.ExtStandardPrice_SDK) - fen(a.ExtStandardPrice_SDK))[0];
  if (!best) throw new Error('order change: no demo product to add a line of');
  return { code: String(best.pn), fen: fen(best.ExtStandardPrice_SDK) };
}

/** Whether the plan's path sends the change for approval at its first submission, or to be applied at once. */
type ChangeKind = 'approval' | 'atOnce';

function kindOf(path: PlanPath): ChangeKind {
  const submission = path.steps.find((s) => s.sent.type === 'change.submit')?.sent as
    | { chain?: unknown[] }
    | undefined;
  return submission?.chain && submission.chain.length === 0 ? 'atOnce' : 'approval';
}

/**
 * What a change asks of an order: the delivery date only (applied once the other side confirms), or a
 * new line that raises the amount by a third into the band of sales operations and finance (approved
 * along that chain after the confirmation).
 */
async function changeOf(portal: PortalCalls, cast: Cast, order: Row, kind: ChangeKind): Promise<Row> {
  const deliveryDate = addDays(businessDay(), 20);
  if (kind === 'atOnce')
    return { ChangeType: OrderChangeType.deliveryDate, RequiredDeliveryDate: deliveryDate };
  const before = fen(order.OrderAmount);
  const after = Math.max(Math.round(before * RAISE), ORDER_BAND_FEN.opsAlone + 100_000_00);
  if (after > ORDER_BAND_FEN.ceiling) return {};
  const { token } = await applicantAccount(cast, 'orderChange');
  const current = await portal.post('/orderChange/orderLines', { OrderNo: order.OrderNo }, token);
  const lines = (current.body?.results?.Lines ?? []) as Row[];
  const product = await productFor(portal, cast, after - before);
  const quantity = Math.max(1, Math.floor((after - before) / product.fen));
  return {
    ChangeType: OrderChangeType.quantity,
    Lines: [...lines.map((l) => ({ LineNo: l.LineNo })), { ProductCode: product.code, Quantity: quantity }],
  };
}

/**
 * An order change as the agent's staff asks for it on the order change page: of an effective standard
 * order of its own company (the first without an open change whose amount the change fits), a draft
 * waiting for its submission. Its kind follows the plan's path: the first submission the path sends
 * carries the chain the server will find (`chain: 0` — applied at once; otherwise approval).
 */
async function orderChangeRequest(portal: PortalCalls, cast: Cast, path: PlanPath): Promise<string> {
  const kind = kindOf(path);
  const { token } = await applicantAccount(cast, 'orderChange');
  const company = await ownCompany(portal, token);
  const orders = await listed(
    portal,
    'order',
    {
      ApprovalStatus: OrderApprovalStatus.effective,
      OrderChannel: OrderChannel.ownLine,
      OrderType: OrderType.standard,
    },
    token,
  );
  const refusals: string[] = [];
  for (const order of orders.filter((o) => o.AgentName === company)) {
    const change = await changeOf(portal, cast, order, kind);
    if (!change.ChangeType) continue;
    const asked = await portal.post(
      '/orderChange/create',
      {
        PageID: 'ordersSetup.orderChangeEdit',
        OrderNo: order.OrderNo,
        ChangeReason: unique('Plan'),
        ...change,
      },
      token,
    );
    if (asked.status === 200) return createdId('order change', asked);
    refusals.push(`${order.OrderNo}: ${asked.body?.message ?? asked.status}`);
  }
  throw new Error(`order change: no order of ${company} to change (${refusals.join('; ')})`);
}

/** The order documents' workflows, each begun as its desk begins it. */
export const orderDocumentStarters: Record<string, Starter> = {
  invoiceApproval: invoiceApplication,
  loanOrder: loanRequest,
  orderChange: orderChangeRequest,
};
