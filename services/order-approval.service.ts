import type { DictionaryOption } from '../domain/dictionary';
import type { DecisionOptions } from '../domain/workflow-decisions';
import { request } from './http.service';

/** One step of an order's approval history. */
export interface OrderApprovalStep {
  Seq: number;
  Type: string;
  ActorName: string;
  Role: string;
  At: string;
  Reason: string | null;
}

/** The agent's credit as the order's checks read it (yuan as decimal text). */
export interface OrderCredit {
  Terms: string;
  Prepay: boolean;
  CreditLimit: string | null;
  Outstanding: string;
  Paid: string;
  Payable: string;
  OverdueOrderNo: string | null;
}

/** The order approval page: an order, its lines, its approval (where it stands, what the caller may do) and history. */
export interface OrderApprovalView {
  Order: Record<string, unknown>;
  Lines: Record<string, unknown>[];
  Approval: Omit<DecisionOptions, 'StreamID'> & { StreamID: string | null };
  Chain: string[];
  History: OrderApprovalStep[];
  Credit: OrderCredit | null;
  dictionaries: Record<string, DictionaryOption[]>;
}

// The page shows a refusal where it happened, so no global toast.
const quiet = { silent: true } as const;

export const fetchOrderApproval = (objectId: string) =>
  request<Omit<OrderApprovalView, 'dictionaries'>>('/orderApproval/getOne', { ObjectID: objectId }, quiet);

/** What the caller may do on an order's approval now; without an order, on one they are entering. */
export const fetchOrderApprovalOptions = (objectId?: string) =>
  request<DecisionOptions>('/orderApproval/options', objectId ? { ObjectID: objectId } : {}, quiet);

/** Submits a draft order (or resubmits a returned one) with the version of the order the person saw. */
export const submitOrderApproval = (body: { ObjectID: string; Version?: number }) =>
  request<DecisionOptions>('/orderApproval/submit', body, quiet);
