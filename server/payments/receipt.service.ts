import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { yuanToFen } from '../../domain/money';
import { NUMBER_PREFIX } from '../../domain/numbering';
import { ROLE } from '../../domain/roles';
import {
  OPEN_PAYMENT_STATES,
  paymentApprovalDeclaration,
} from '../../machines/workflows/payment-approval.workflow';
import { type Db, inTransaction } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { fieldError, fieldMissing, MAX_INT } from '../http/validate';
import { nextNumber } from '../resources/numbering';
import { resourceDef } from '../resources/registry';
import { checkValues } from '../resources/values';
import { getRecord } from '../resources/write';
import type { Clock } from '../workflows/clock';
import { actorOf, subjectStreamId } from '../workflows/decisions';
import { startStream } from '../workflows/engine';
import { type Agent, agentNamed } from './agent-named';
import { hasPayerAgreement } from './payer-agreement';

export const paymentDef = () => resourceDef('payment')!;

/** A receipt row as the commands read it, locked for the transaction. */
export interface ReceiptRow {
  object_id: string;
  version: number;
  payment_no: string;
  agent_id: string;
  agent_name: string;
  payer_name: string;
  payment_amount: string;
  allocated_amount: string;
  payment_date: string;
  state: string | null;
}

const problem = (field: string, key: string, params: Record<string, unknown> = {}) =>
  fieldError('payment', field, { key: `payments.problems.${key}`, params });

/**
 * The payer must be the agent itself unless a third-party payment agreement of the agent names the
 * payer and is valid on the payment day (notes §4.3 rule 1). Answers whether it is a third party.
 */
async function checkPayer(db: Db, agent: Agent, payer: unknown, day: string): Promise<boolean> {
  if (typeof payer !== 'string' || !payer.trim()) throw fieldMissing('payment', 'PayerName');
  if (payer.trim() === agent.name) return false;
  if (await hasPayerAgreement(db, agent.object_id, payer.trim(), day)) return true;
  throw problem('PayerName', 'payerNotAgent', { agent: agent.name });
}

/** An amount of money that is more than nothing, else refused naming the field. */
export function positiveFen(field: string, value: unknown, resource = 'payment'): number {
  let fen: number;
  try {
    fen = yuanToFen(typeof value === 'number' ? value : String(value ?? ''));
  } catch {
    throw fieldError(resource, field, 'server.problems.number');
  }
  if (fen <= 0) throw fieldError(resource, field, { key: 'payments.problems.notPositive', params: {} });
  return fen;
}

/** The receipt with its workflow state, locked, read through the caller's scope (404 outside it). */
export async function lockedReceipt(db: Db, caller: Caller, id: string): Promise<ReceiptRow> {
  await getRecord(db, paymentDef(), caller, id);
  const rows = await sql<ReceiptRow>`select r.object_id::text as object_id, r.version, r.payment_no,
      r.agent_id::text as agent_id, r.agent_name, r.payer_name, r.payment_amount::text as payment_amount,
      r.allocated_amount::text as allocated_amount, to_char(r.payment_date, 'YYYY-MM-DD') as payment_date,
      s.status as state
    from payment_receipt r left join workflow_stream s on s.stream_id = ${subjectStreamId(paymentApprovalDeclaration, id)}
    where r.object_id = ${id} for update of r`.execute(db);
  return rows.rows[0];
}

/** A receipt finance confirmed (or rejected) is locked: no edit, no re-allocation. */
export function checkOpen(receipt: ReceiptRow) {
  if (!receipt.state || !OPEN_PAYMENT_STATES.includes(receipt.state))
    throw new PortalError(409, 'payments.errors.locked', { no: receipt.payment_no });
}

/** The Version the editor saw: missing or malformed is a 400, an older one a 409. */
export function checkVersion(receipt: { version: number }, sent: unknown) {
  if (sent === undefined || sent === null || sent === '') throw fieldMissing(undefined, 'Version');
  const version = typeof sent === 'string' ? Number(sent) : sent;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1 || version > MAX_INT)
    throw fieldError(undefined, 'Version', {
      key: 'server.input.problems.integerRange',
      params: { min: 1, max: MAX_INT },
    });
  if (version !== receipt.version) throw new PortalError(409, 'server.staleWrite');
}

/** Finance alone decides (notes §4.3). */
export const FINANCE_CHAIN: string[] = [ROLE.finance];

/**
 * Registers a receipt (回款): checked like any form, numbered HK…, scoped to its agent (so the agent's
 * own staff and its province see it), and put before finance on its approval workflow — one
 * transaction.
 */
export async function registerReceipt(db: Db, caller: Caller, body: Record<string, unknown>, clock?: Clock) {
  const def = paymentDef();
  const values = await checkValues(db, def, body, 'create');
  return inTransaction(db, async (trx) => {
    const agent = await agentNamed(trx, caller, values.AgentName);
    const day = String(values.PaymentDate);
    const thirdParty = await checkPayer(trx, agent, values.PayerName, day);
    positiveFen('PaymentAmount', values.PaymentAmount);
    const at = clock?.at ?? new Date();
    const no = await nextNumber(trx, NUMBER_PREFIX.payment, clock?.at);
    const data = { Remark: values.Remark ?? null, SubmittedOn: at.toISOString(), RelatedOrderNos: '' };
    // The demo seed's clock mints the ids too, so two seeds give the same receipts.
    const id = clock?.uuid() ?? randomUUID();
    await sql`insert into payment_receipt (object_id, payment_no, agent_id, agent_name,
        payer_name, payment_method, payment_amount, payment_date, arrival_date, bank_serial_no, third_party,
        company_id, province_code, city_code, data, created_by, created_by_name, updated_by_name,
        created_at, updated_at)
      values (${id}, ${no}, ${agent.object_id}, ${agent.name}, ${String(values.PayerName).trim()},
        ${values.PaymentMethod ?? null}, ${values.PaymentAmount}, ${day}, ${values.ArrivalDate ?? null},
        ${values.BankSerialNo ?? null}, ${thirdParty}, ${agent.object_id}, ${agent.province_code},
        ${agent.city_code}, ${JSON.stringify(data)}::jsonb, ${caller.employeeId}, ${caller.lastName},
        ${caller.lastName}, ${at}, ${at})`.execute(trx);
    const actor = actorOf(caller);
    await startStream(trx, {
      streamId: subjectStreamId(paymentApprovalDeclaration, id),
      workflow: paymentApprovalDeclaration.name,
      subject: ['payment', id],
      input: { chain: FINANCE_CHAIN, applicant: actor, receiptId: id },
      actor,
      at,
    });
    return getRecord(trx, def, caller, id);
  });
}

const COLUMNS: Record<string, string> = {
  PayerName: 'payer_name',
  PaymentMethod: 'payment_method',
  PaymentAmount: 'payment_amount',
  PaymentDate: 'payment_date',
  ArrivalDate: 'arrival_date',
  BankSerialNo: 'bank_serial_no',
};

/**
 * Edits a receipt that finance has not confirmed yet (ObjectID, the Version seen, the changed fields):
 * the payer rule is checked again on the result, the amount never falls below what is allocated, and
 * a receipt with allocations keeps its agent (they are that agent's orders).
 */
export async function modifyReceipt(db: Db, caller: Caller, body: Record<string, unknown>) {
  const def = paymentDef();
  const values = await checkValues(db, def, body, 'update');
  return inTransaction(db, async (trx) => {
    const receipt = await lockedReceipt(trx, caller, String(body.ObjectID ?? ''));
    checkVersion(receipt, body.Version);
    checkOpen(receipt);
    const allocatedFen = yuanToFen(receipt.allocated_amount);
    let agent: Agent = {
      object_id: receipt.agent_id,
      name: receipt.agent_name,
      province_code: null,
      city_code: null,
    };
    const sets = [];
    if (values.AgentName !== undefined && values.AgentName !== receipt.agent_name) {
      if (allocatedFen > 0) throw problem('AgentName', 'agentHasAllocations');
      agent = await agentNamed(trx, caller, values.AgentName);
      sets.push(
        sql`agent_id = ${agent.object_id}, agent_name = ${agent.name}, company_id = ${agent.object_id},
          province_code = ${agent.province_code}, city_code = ${agent.city_code}`,
      );
    }
    if (values.PaymentAmount !== undefined) {
      const fen = positiveFen('PaymentAmount', values.PaymentAmount);
      if (fen < allocatedFen)
        throw problem('PaymentAmount', 'belowAllocated', { allocated: receipt.allocated_amount });
    }
    if (values.PaymentDate === null) throw fieldMissing('payment', 'PaymentDate');
    const payer = values.PayerName === undefined ? receipt.payer_name : values.PayerName;
    const day = values.PaymentDate === undefined ? receipt.payment_date : String(values.PaymentDate);
    const thirdParty = await checkPayer(trx, agent, payer, day);
    for (const [field, column] of Object.entries(COLUMNS))
      if (values[field] !== undefined) sets.push(sql`${sql.ref(column)} = ${values[field]}`);
    const data = values.Remark === undefined ? {} : { Remark: values.Remark };
    await sql`update payment_receipt set ${sql.join([
      ...sets,
      sql`third_party = ${thirdParty}`,
      sql`data = data || ${JSON.stringify(data)}::jsonb`,
      sql`version = version + 1`,
      sql`updated_at = now()`,
      sql`updated_by_name = ${caller.lastName}`,
    ])} where object_id = ${receipt.object_id}`.execute(trx);
    return getRecord(trx, def, caller, receipt.object_id);
  });
}
