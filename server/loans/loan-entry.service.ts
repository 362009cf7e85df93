import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { pagesOpenedBy } from '../../catalogue/page-actions';
import { businessDay } from '../../domain/business-clock';
import { addDays } from '../../domain/calendar-days';
import { LoanStatus } from '../../domain/codes/loans.codes';
import type { LoanLine as LoanLineRow } from '../../domain/loan-line';
import { fenToYuanString, yuanToFen } from '../../domain/money';
import { NUMBER_PREFIX } from '../../domain/numbering';
import { LOAN_APPLICANTS, LOAN_DESK } from '../../domain/roles';
import type { LoanLine } from '../../machines/workflows/loan-order.rules';
import { loanOrderDeclaration } from '../../machines/workflows/loan-order.workflow';
import { type Db, inTransaction } from '../db/database';
import { allowedPageIds } from '../http/access';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { fieldError, fieldMissing } from '../http/validate';
import { isSystemAdmin } from '../identity/roles';
import { checkSeenOpportunity } from '../opportunities/seen-opportunity';
import { agentFor } from '../orders/order-entry.rules';
import { orderCityManagerOf } from '../orders/order-references';
import { pricedProducts } from '../products/standard-prices';
import { nextNumber } from '../resources/numbering';
import { resourceDef } from '../resources/registry';
import { checkValues } from '../resources/values';
import { getRecord } from '../resources/write';
import type { Clock } from '../workflows/clock';
import { actorOf, subjectStreamId } from '../workflows/decisions';
import { startStream } from '../workflows/engine';
import { loanChainFor } from './loan-bands';
import { MAX_LINES, MAX_LOAN_DAYS, overdueLoanOf, refuseOverdue } from './loan-rules';
import { termsHolderOf, termsRefusal } from './loan-terms';

export const LOAN_FORM = 'ordersSetup.loanOrderEdit';

/**
 * The loan request form is used by those who ask for loans and whose menu opens it: they alone may ask
 * whom a loan of the form may name (its city manager picker).
 */
export async function checkLoanFormOpen(db: Db, caller: Caller) {
  if (!LOAN_APPLICANTS.includes(caller.roleCode)) throw new PortalError(403, 'server.actionNotOffered');
  if (isSystemAdmin(caller.roleCode)) return;
  if (!pagesOpenedBy(await allowedPageIds(db, caller.roleCode)).has(LOAN_FORM))
    throw new PortalError(403, 'server.actionNotOffered');
}
export const loanDef = () => resourceDef('loanOrder')!;

export const loanProblem = (field: string, key: string, params: Record<string, unknown> = {}) =>
  fieldError('loanOrder', field, { key: `loans.problems.${key}`, params });

interface LineRequest {
  productCode: string;
  quantity: number;
}

interface Product {
  product_code: string;
  name: string | null;
  standard_price: string | null;
}

/** The lines as sent: `Lines` [{ ProductCode, Quantity }], or the form's one ProductCode and LoanQuantity. */
function linesOf(body: Record<string, unknown>): LineRequest[] {
  const raw = Array.isArray(body.Lines)
    ? body.Lines
    : body.ProductCode !== undefined
      ? [{ ProductCode: body.ProductCode, Quantity: body.LoanQuantity }]
      : [];
  if (!raw.length) throw fieldMissing('loanOrder', 'ProductCode');
  if (raw.length > MAX_LINES) throw loanProblem('ProductCode', 'tooManyLines', { max: MAX_LINES });
  return raw.map((item) => {
    const row = (item ?? {}) as Record<string, unknown>;
    const code = typeof row.ProductCode === 'string' ? row.ProductCode.trim() : '';
    if (!code || code.length > 60) throw fieldMissing('loanOrder', 'ProductCode');
    // Digits only: Number() would read "1e3" as a thousand units and " 12 " or "0x10" as numbers too.
    const quantity =
      typeof row.Quantity === 'string'
        ? /^\d{1,6}$/.test(row.Quantity)
          ? Number(row.Quantity)
          : Number.NaN
        : row.Quantity;
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > 100_000)
      throw loanProblem('LoanQuantity', 'notPositive');
    return { productCode: code, quantity };
  });
}

async function productsOf(trx: Db, lines: LineRequest[]) {
  const codes = [...new Set(lines.map((l) => l.productCode))];
  const byCode: Map<string, Product> = await pricedProducts(trx, codes);
  for (const code of codes)
    if (!byCode.has(code)) throw loanProblem('ProductCode', 'unknownProduct', { code: code.slice(0, 40) });
  return byCode;
}

/** A due date after today and at most the longest loan away. */
function checkDue(due: unknown, today: string) {
  if (typeof due !== 'string' || !due) throw fieldMissing('loanOrder', 'ExpectedReturnDate');
  if (due <= today) throw loanProblem('ExpectedReturnDate', 'dueNotAfterToday', { today });
  const latest = addDays(today, MAX_LOAN_DAYS);
  if (due > latest) throw loanProblem('ExpectedReturnDate', 'dueTooLate', { days: MAX_LOAN_DAYS, latest });
}

/**
 * Asks for a loan (the loan request form, or the API with several lines): checked like its form, for an
 * agent in the caller's scope that has no overdue loan (409 naming it), naming (if any) an opportunity
 * the caller sees — the one its loan-to-sale orders will carry — its lines valued at the
 * standard price, numbered JH and put on the loanOrder workflow with the chain of its value's band —
 * one transaction. Answers the loan with its lines.
 */
export async function createLoan(db: Db, caller: Caller, body: Record<string, unknown>, clock?: Clock) {
  if (!LOAN_APPLICANTS.includes(caller.roleCode)) throw new PortalError(403, 'server.actionNotOffered');
  const { Lines: _lines, ProductCode: _code, LoanQuantity: _quantity, ...header } = body;
  const values = await checkValues(db, loanDef(), { ...header, PageID: LOAN_FORM }, 'update');
  for (const required of ['LoanType', 'AgentName', 'EndUserName', 'ExpectedReturnDate'])
    if (values[required] === undefined || values[required] === null)
      throw fieldMissing('loanOrder', required);
  const requests = linesOf(body);
  const at = clock?.at ?? new Date();
  const today = businessDay(at);
  checkDue(values.ExpectedReturnDate, today);
  return inTransaction(db, async (trx) => {
    const agent = await agentFor(trx, caller, String(values.AgentName));
    await checkSeenOpportunity(trx, caller, values.OpportunityNo, 'loanOrder', agent.id);
    // The loan's city manager by the rule an order's is decided by: the one the form names, who must
    // cover the agent's city now, else the one configured for it.
    const manager = await orderCityManagerOf(trx, agent, values.cityManagerName, at, 'loanOrder');
    refuseOverdue(agent.name, await overdueLoanOf(trx, agent.id, today));
    const products = await productsOf(trx, requests);
    const lines = requests.map((r, index) => {
      const product = products.get(r.productCode)!;
      const priceFen = yuanToFen(product.standard_price ?? '0');
      return { lineNo: index + 1, ...r, name: product.name, priceFen, valueFen: priceFen * r.quantity };
    });
    const valueFen = lines.reduce((sum, l) => sum + l.valueFen, 0);
    const chain = await loanChainFor(trx, valueFen);
    const id = clock?.uuid() ?? randomUUID();
    const no = await nextNumber(trx, NUMBER_PREFIX.loan, clock?.at);
    const data = {
      ProductCode: lines[0].productCode,
      ProductModel: lines[0].name,
      Remark: values.Remark ?? null,
      cityManagerCode: manager?.code ?? null,
    };
    await sql`insert into loan_order (object_id, loan_no, loan_type, agent_id, agent_name, end_user_name,
        opportunity_no, loan_value, expected_return_date, loan_status, loan_quantity, purpose, city_manager_name,
        company_id, province_code, city_code, data, created_by, created_by_name, updated_by_name,
        created_at, updated_at)
      values (${id}, ${no}, ${String(values.LoanType)}, ${agent.id}, ${agent.name}, ${String(values.EndUserName)},
        ${(values.OpportunityNo as string | undefined) ?? null}, ${fenToYuanString(valueFen)},
        ${String(values.ExpectedReturnDate)}, ${LoanStatus.inApproval}, ${lines.reduce((s, l) => s + l.quantity, 0)},
        ${(values.Purpose as string | undefined) ?? null},
        ${manager?.name ?? null},
        ${agent.id}, ${agent.provinceCode}, ${agent.cityCode}, ${JSON.stringify(data)}::jsonb,
        ${caller.employeeId}, ${caller.lastName}, ${caller.lastName}, ${at}, ${at})`.execute(trx);
    for (const line of lines)
      await sql`insert into loan_line (object_id, loan_id, line_no, product_code, product_name, quantity,
          list_price, line_value)
        values (${clock?.uuid() ?? randomUUID()}, ${id}, ${line.lineNo}, ${line.productCode}, ${line.name},
          ${line.quantity}, ${fenToYuanString(line.priceFen)}, ${fenToYuanString(line.valueFen)})`.execute(
        trx,
      );
    const actor = actorOf(caller);
    const lent: LoanLine[] = lines.map((l) => ({
      lineNo: l.lineNo,
      lent: l.quantity,
      returned: 0,
      damaged: 0,
      converted: 0,
    }));
    await startStream(trx, {
      streamId: subjectStreamId(loanOrderDeclaration, id),
      workflow: loanOrderDeclaration.name,
      subject: ['loanOrder', id],
      input: { loanId: id, applicant: actor, chain, lines: lent },
      actor,
      at,
    });
    return loanWithLines(trx, caller, id);
  });
}

/** The lines of a loan with what came back of each and what was sold, counted from the rows (loan report). */
export async function linesOfLoan(db: Db, loanId: string): Promise<LoanLineRow[]> {
  const rows = await sql<LoanLineRow>`select l.line_no as "LineNo", l.product_code as "ProductCode",
      r.product_model as "ProductModel", r.loan_quantity as "LoanQuantity", l.list_price::text as "ListPrice",
      r.loan_value::text as "LoanValue", r.returned_quantity as "ReturnedQuantity",
      r.compensated_quantity as "CompensatedQuantity", r.converted_quantity as "ConvertedQuantity",
      r.outstanding_quantity as "OutstandingQuantity",
      (select string_agg(s.serial_no, ', ' order by s.serial_no) from loan_serial s
        where s.loan_id = l.loan_id and s.line_no = l.line_no) as "SerialNumbers"
    from loan_line l join loan_report r on r.object_id = l.object_id
    where l.loan_id = ${loanId} order by l.line_no`.execute(db);
  return rows.rows;
}

/**
 * A loan as its pages show it: the record, read through the caller's scope, its lines, whether this
 * person may record the serials it ships with now (the warehouse, while it waits to ship), and whether
 * they may change its terms now (by the rule its modification refuses by).
 */
export async function loanWithLines(
  db: Db,
  caller: Caller,
  id: unknown,
): Promise<
  Record<string, unknown> & { Lines: LoanLineRow[]; MayRecordSerials: boolean; MayChangeTerms: boolean }
> {
  const record: Record<string, unknown> = await getRecord(db, loanDef(), caller, id);
  const loanId = String(record.ObjectID);
  return {
    ...record,
    Lines: await linesOfLoan(db, loanId),
    MayRecordSerials: record.LoanStatus === LoanStatus.toShip && LOAN_DESK.includes(caller.roleCode),
    MayChangeTerms: await termsHolderOf(db, loanId).then((held) => !!held && !termsRefusal(held, caller)),
  };
}
