import type { AnyMachineSnapshot } from 'xstate';
import type { DecisionLine } from '../../domain/workflow-decisions';
import type { WorkflowActor } from '../../machines/workflows/actor';
import { areaWorkflowHooks } from '../areas/areas';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import type { PortalError } from '../http/envelope';
import type { Clock } from './clock';
import type { ConfiguredChain } from './configured-chains';
import type { StreamState } from './engine';

/** What a workflow's server rules see of a command on its way through the decision layer. */
export interface HookCall {
  caller: Caller;
  actor: WorkflowActor;
  state: StreamState;
  command: string;
  payload: Record<string, unknown>;
  /** The subject record as the caller sees it. */
  subject: Record<string, unknown>;
  /** The demo seed's clock; the real one when absent. */
  clock?: Clock;
}

/** What the server knows of a command on a record, before anyone sends it: the page asks what to offer. */
export interface FactsCall {
  command: string;
  /** The subject record as the caller sees it. */
  subject: Record<string, unknown>;
  /** The demo seed's clock; the real one when absent. */
  clock?: Clock;
}

/** Who would begin a record's stream, with which command: a workflow's `begin` hook decides. */
export interface BeginCall {
  caller: Caller;
  actor: WorkflowActor;
  command: string;
  /** The subject record as the caller sees it. */
  subject: Record<string, unknown>;
}

/**
 * The server side of a workflow, where it has one: `prepare` adds what only the server knows to the
 * event (the agent's facts now, the customer an agreement creates) or refuses by a rule the machine
 * cannot see; `after` changes other records in the same transaction (the approved change applied).
 */
export interface WorkflowHooks {
  /**
   * Facts only the server knows (the business day, the record's dates) that the machine's guards read:
   * added to the command's event, and given to the same guards when a page asks which commands to
   * offer, so what is offered and what is taken follow one rule.
   */
  facts?: (call: FactsCall) => Record<string, unknown> | undefined;
  /**
   * For a workflow of one stream per record whose chart begins before anything was decided (a draft
   * order): the machine's input for the stream the record's first command starts, or a refusal when
   * this caller may not begin it. It only reads: the decision layer starts the stream in the
   * command's transaction, and asks it, writing nothing, which commands a page may offer first.
   */
  begin?: (db: Db, call: BeginCall) => Promise<unknown>;
  /** A clearer refusal than the machine's "not now" for a command it refuses, where a rule explains it. */
  explain?: (call: HookCall) => PortalError | undefined;
  prepare?: (trx: Db, call: HookCall) => Promise<Record<string, unknown> | undefined>;
  after?: (trx: Db, call: HookCall & { next: AnyMachineSnapshot }) => Promise<void>;
  /** The record's open lines, in words, for a command whose dialog asks for quantities per line. */
  openLines?: (db: Db, state: StreamState) => Promise<DecisionLine[]>;
  /**
   * The approval chains its configuration holds now (or the fixed one of its rules), for the chart's
   * readers: which steps decide, in which order, under which condition (configured-chains.ts).
   */
  chains?: (db: Db) => Promise<ConfiguredChain[]>;
}

/** The server hooks of a workflow, as its business area declares them (server/areas). */
export const hooksOf = (workflow: string): WorkflowHooks | undefined => areaWorkflowHooks(workflow);
