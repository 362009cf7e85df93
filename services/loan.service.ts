import { request } from './http.service';

/** A saved loan's line as its record reads it (server/loans/loan-entry.service.ts `linesOfLoan`). */
export interface LoanLine {
  LineNo: number;
  ProductCode: string;
  ProductModel: string | null;
  LoanQuantity: number;
  ListPrice: string;
  LoanValue: string;
  ReturnedQuantity: number;
  CompensatedQuantity: number;
  ConvertedQuantity: number;
  OutstandingQuantity: number;
  /** The serial of each unit it ships with, joined: as the warehouse recorded them. */
  SerialNumbers: string | null;
}

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
