/** What the server answers for a list's import (docs/imports.md), as server and client both read it. */
export interface ImportAnswer {
  ImportID: string;
  FileName: string;
  TotalCount: number;
  SuccessCount: number;
  FailCount: number;
  /** Whether any row was written. */
  Committed: boolean;
  /** The first refused rows with their reasons; the rejected-rows file has them all. */
  Rejected: { Row: number; Reasons: string[] }[];
  RejectedFile?: string;
}
