import type { LoanLine } from '../domain/loan-line';
import type { DecisionLine } from '../domain/workflow-decisions';
import { request } from './http.service';

export type { LoanLine };

/** A loan as its record page reads it, after its serials are saved. */
export interface LoanWithLines {
  ObjectID: string;
  Version: number;
  Lines: LoanLine[];
  MayRecordSerials: boolean;
  MayChangeTerms: boolean;
}

/** The serials of a loan waiting to ship, typed per line (one per row), saved by the warehouse. */
export const saveLoanSerials = (body: {
  ObjectID: string;
  Version: number;
  Lines: { LineNo: number; SerialNumbers: string }[];
}) => request<LoanWithLines>('/loanOrder/serials', body, { silent: true });

/** A loan as the return form reads it by its number: its lines still out, with their serials still out. */
export interface ReturnableLoan {
  ObjectID: string;
  LoanNo: string;
  Lines: DecisionLine[];
}

/** What the loan return form offers of the loan it names (refused, the server's sentence, not toasted). */
export const returnableLines = (loanNo: string) =>
  request<ReturnableLoan>('/loanReturn/lines', { LoanNo: loanNo }, { silent: true });
