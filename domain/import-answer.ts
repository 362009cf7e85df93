/** What the server answers for a list's import (docs/imports.md), as server and client both read it. */
export interface ImportAnswer {
  ImportID: string;
  FileName: string;
  TotalCount: number;
  SuccessCount: number;
  FailCount: number;
  /** Whether the file was taken (every row passed); an identical file is taken and changes nothing. */
  Committed: boolean;
  /** Of the rows taken: lines new to the store, stored lines the file changed, stored lines it repeats as they are. */
  AddedCount: number;
  ReplacedCount: number;
  UnchangedCount: number;
  /** The first refused rows with their reasons; the rejected-rows file has them all. */
  Rejected: { Row: number; Reasons: string[] }[];
  RejectedFile?: string;
}
