import type { DictionaryOption } from '../domain/dictionary';
import type { DecisionOptions } from '../domain/workflow-decisions';
import { request } from './http.service';

/** A special price as its pages show it (server/special-prices/special-price-page.ts). */
export interface SpecialPriceView {
  Record: Record<string, unknown>;
  Lines: Record<string, unknown>[];
  Figures: Record<string, unknown>;
  Chain: string[];
  Approval: DecisionOptions;
  History: {
    Seq: number;
    Type: string;
    ActorName: string;
    Role: string;
    At: string;
    Reason: string | null;
  }[];
  /** Whether this person may draw an execution order from it now. */
  MayExecute: boolean;
  ExecutionOrders: { ObjectID: string; ExecutionOrderNo: string; Status: string | null }[];
  dictionaries: Record<string, DictionaryOption[]>;
}

/** What a page sends: the request (apply), or an execution order drawn from a won price. */
export type SpecialPriceCall = { action: 'apply' | 'draft' | 'execute'; body: Record<string, unknown> };

// The page shows a refusal where it happened, so no global toast.
const quiet = { silent: true } as const;

export const fetchSpecialPrice = (objectId: string) =>
  request<Omit<SpecialPriceView, 'dictionaries'>>('/specialApproval/getOne', { ObjectID: objectId }, quiet);

const PATHS = {
  apply: '/specialApproval/applyApproval',
  draft: '/specialApproval/create',
  execute: '/specialApproval/createExecutionOrder',
} as const;

export const sendSpecialPrice = (call: SpecialPriceCall) =>
  request<Record<string, unknown>>(PATHS[call.action], call.body, quiet);

/** The standard channel price of products, by code. */
export const fetchStandardPrices = (codes: string[]) =>
  request<{ pn: string; Name: string; StandardPrice: string }[]>(
    '/product/getStandardPrice',
    { ProductCodes: codes },
    quiet,
  );
