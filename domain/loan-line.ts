/**
 * A saved loan's line as its record reads it: written by the server (server/loans/loan-entry.service.ts
 * `linesOfLoan`) and read by the loan's record page, one type for both sides of the wire.
 */
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
