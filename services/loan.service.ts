import type { LoanLine } from '../domain/loan-line';
import { request } from './http.service';

export type { LoanLine };

/** A loan as its record page reads it, after its serials are saved. */
export interface LoanWithLines {
  ObjectID: string;
  Version: number;
  Lines: LoanLine[];
  MayRecordSerials: boolean;
}

/** The serials of a loan waiting to ship, typed per line (one per row), saved by the warehouse. */
export const saveLoanSerials = (body: {
  ObjectID: string;
  Version: number;
  Lines: { LineNo: number; SerialNumbers: string }[];
}) => request<LoanWithLines>('/loanOrder/serials', body, { silent: true });
