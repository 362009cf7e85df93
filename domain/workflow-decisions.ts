/**
 * The one decision layer as server and client both speak of it (docs/workflows.md):
 * POST /workflow/options answers a stream as a decision panel shows it, POST /workflow/decide takes
 * one command and answers the same shape after it.
 */

/** What a command's dialog asks of the person before it is sent; null: it is sent at once. */
export type DecisionAsk = 'reason' | 'optionalReason' | 'colleague';

/** The record (and, where a record has several, the stream) a decision is about. */
export interface DecisionTarget {
  workflow: string;
  ObjectID: string;
  StreamID?: string;
}

export interface DecisionOptions {
  Workflow: string;
  StreamID: string;
  SubjectID: string;
  /** The workflow machine's state, e.g. inReview, inApproval, rejected. */
  State: string;
  /** The version the person sees; a decision names it and is refused once the stream moved on. */
  WorkflowVersion: number;
  /** Exactly what this caller may do now. */
  Commands: { Name: string; Asks: DecisionAsk | null }[];
  /** The machine events of those commands. */
  Allowed: string[];
  /** Who decides now: the role, and the person when the chain or a forward names one. */
  Decider: { Role: string; PersonName: string | null } | null;
  /** The chain step (from 0) the stream waits at. */
  Node: number | null;
  Reason: string | null;
}

/** What a person sends with a command; the command's schema on the server says which are needed. */
export interface DecisionPayload {
  reason?: string;
  /** The EmployeeID of the colleague a step is forwarded to, and the name the picker showed. */
  to?: string;
  toName?: string;
  comment?: string;
}

export interface DecisionRequest extends DecisionTarget {
  command: string;
  payload: DecisionPayload;
  WorkflowVersion: number;
}
