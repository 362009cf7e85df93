/**
 * The one decision layer as server and client both speak of it (docs/workflows.md):
 * POST /workflow/options answers a stream as a decision panel shows it, POST /workflow/decide takes
 * one command and answers the same shape after it.
 */

/**
 * What a command's dialog asks of the person before it is sent; null: it is sent at once. `lines`
 * asks how many units of each open line of the record (a loan's conversion to a sale),
 * `inspectedLines` the same with each line's inspection result (a loan's return), `proposal` a figure
 * proposed instead and the reason, together (an RSP's objection to its task), `adjustment` the reason
 * and an optional signed amount added to a calculated figure (a rebate settlement's recalculation),
 * `extension` the later due date an overdue loan is given, `winning` the amount a deal was won for
 * (with an optional remark), `loss` the reason a deal was lost (dictionary LossReason) and words on it.
 */
export type DecisionAsk =
  | 'reason'
  | 'optionalReason'
  | 'colleague'
  | 'lines'
  | 'inspectedLines'
  | 'position'
  | 'proposal'
  | 'adjustment'
  | 'extension'
  | 'winning'
  | 'loss';

/**
 * Where the person is, as their browser's geolocation reports it (a `position` command: a visit's
 * check-in): degrees, and how far off it may be in metres. Only when the browser cannot say does a
 * dialog ask the person to type it (DecisionPayload.typed).
 */
export interface DecisionPosition {
  latitude: number;
  longitude: number;
  accuracy: number;
}

/** Whether a command's dialog asks for quantities per line. */
export const asksForLines = (asks: DecisionAsk | null | undefined) =>
  asks === 'lines' || asks === 'inspectedLines';

/** A line of the record a command settles part of, and how much of it is still open. */
export interface DecisionLine {
  LineNo: number;
  /** What the line is, in words (part number and model). */
  Label: string;
  Open: number;
  /**
   * The serials of the units still out, where the line was lent with serials: the units settled are
   * chosen among them, one per unit, rather than counted.
   */
  Serials?: string[];
}

/** One line as a command sends it: how many units, for an inspected return what was found, which units. */
export interface DecisionLinePayload {
  lineNo: number;
  quantity: number;
  inspection?: 'good' | 'damaged';
  serialNumbers?: string[];
}

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
  /** The record's open lines, when a command this person may send asks for quantities per line. */
  Lines?: DecisionLine[];
  /** The subject's resource, whose field labels name what the panel shows. */
  Resource?: string;
  /** What the stream carries that the decider weighs (a proposed figure and its reason), by field. */
  Shows?: { Field: string; Value: string; Kind: 'price' | 'text' }[];
}

/** What a person sends with a command; the command's schema on the server says which are needed. */
export interface DecisionPayload {
  reason?: string;
  /** The EmployeeID of the colleague a step is forwarded to, and the name the picker showed. */
  to?: string;
  toName?: string;
  comment?: string;
  /** The quantities per line a settling command carries. */
  lines?: DecisionLinePayload[];
  /** The figure proposed instead (yuan), for a command that asks for a proposal. */
  amount?: string;
  /** The signed adjustment (yuan) a recalculation adds to the calculated figure, for an `adjustment`. */
  adjustAmount?: string;
  /** The LossReason keyword a `loss` names. */
  lossReason?: string;
  /** The later due date (YYYY-MM-DD) an `extension` gives. */
  extendedTo?: string;
  /** The browser's position, for a command that asks for it, or the one typed when it cannot say. */
  latitude?: number;
  longitude?: number;
  accuracy?: number;
  /** The position was typed by the person (no accuracy), not located by the browser. */
  typed?: boolean;
}

export interface DecisionRequest extends DecisionTarget {
  command: string;
  payload: DecisionPayload;
  WorkflowVersion: number;
}
