import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { z } from 'zod';
import type { NumberPrefix } from '../../domain/numbering';
import type { DecisionAsk } from '../../domain/workflow-decisions';
import type { WorkflowActor } from './actor';

/** The tag of every state in which a workflow waits for somebody's decision (the to-do inbox). */
export const AWAITING_DECISION = 'awaitingDecision';

/** Who decides a stream that waits: the role, and the one person when the chain or a forward names one. */
export interface Decider {
  role: string;
  personId?: string;
  personName?: string;
}

/**
 * The person-facing actions of the one approval shape (DOMAIN.md), the vocabulary of the decision
 * layer. A workflow maps each it offers to its own event; it may add commands of its own.
 */
export const DECISION_COMMANDS = ['agree', 'reject', 'return', 'forward', 'withdraw', 'resubmit'] as const;
export type DecisionCommand = (typeof DECISION_COMMANDS)[number];

/** One command a person may send: the machine event it becomes and what its payload must hold. */
export interface CommandDeclaration {
  event: string;
  /** The payload a person sends (the actor is added by the server, never sent). */
  payload: z.ZodType<Record<string, unknown>>;
  /**
   * The dialog asks for a reason (reject, return), an employee (forward) or quantities per line (a
   * loan's return or conversion) before sending.
   */
  asks?: DecisionAsk;
}

/** How stored events of an older schema are read: `upcast[v]` turns a v payload into v + 1. */
export interface EventSchema {
  version: number;
  upcast?: Record<number, (payload: Record<string, unknown>) => Record<string, unknown>>;
}

/**
 * A workflow as one declared module (docs/workflows.md): the engine, the decision layer, the viewer,
 * the seed and the model tests read only this. Pure: no database, no React.
 */
export interface WorkflowDeclaration {
  /** The workflow's name: the machine's id, the stream's `workflow`, the registry key. */
  name: string;
  machine: AnyStateMachine;
  /** Locale key of its title in the viewer; by default `workflows.machines.<name>`. A page's route
   * title (`route.<module>.<page>`) spares a workflow locale entries of its own. */
  titleKey?: string;
  /** The record a stream is about; read through the caller's scope before any command. */
  subject: { resource: string; streams: 'onePerSubject' | 'many' };
  /** The business number prefix of the subject (DOMAIN.md numbering), where the workflow numbers it. */
  numberPrefix?: NumberPrefix;
  /** The process types (dictionary CustomerProcessType) whose configured chain the workflow reads. */
  chains: { processType: string; defaultRoles: string[] }[];
  commands: Record<string, CommandDeclaration>;
  /**
   * Guards that look at what a person sends (a reason, a colleague), not at who sends it or when.
   * Which commands a person may send now is asked of the machine with these taken as met; the
   * payload itself is checked by the command's schema.
   */
  payloadGuards: string[];
  /** Who decides now; asked only of a snapshot tagged AWAITING_DECISION. */
  decider: (snapshot: AnyMachineSnapshot) => Decider | null;
  /**
   * Projected fields the decision panel shows beside its buttons, when they hold something: what the
   * decider weighs (an RSP's proposed figure and reason next to the ruling on it).
   */
  panelFields?: { field: string; kind: 'price' | 'text' }[];
  /** Fields mirrored onto the subject record, rebuilt with the projections. */
  projection?: (snapshot: AnyMachineSnapshot) => Record<string, unknown>;
  /** Event types whose schema has moved past version 1. */
  events?: Record<string, EventSchema>;
  /**
   * The machine's version (1 when absent), raised when its states, guards or context change so that
   * a stream started before reads differently; each stream records the one it started under.
   */
  version?: number;
  /**
   * A stream to explore: an input, and the people who may act on it — the applicant, each step's
   * deciders with a colleague of the role, a stranger. The model tests and the test-path plans send
   * every command as each of them.
   */
  example: { input: unknown; actors: WorkflowActor[] };
  /**
   * A shape the business workflows are built from rather than a process of its own: no page starts
   * one and no record goes through it, so it has no plan to run; the viewer says so beside its chart.
   */
  template?: true;
}

export const defineWorkflow = <const T extends WorkflowDeclaration>(declaration: T): T => declaration;

const text = (max: number) => z.string().trim().max(max);
const REASON_MAX = 500;

/** The payload schemas of the decision commands, shared so every workflow asks the same of a person. */
export const payloads = {
  none: z.object({}),
  comment: z.object({ comment: text(REASON_MAX).optional() }),
  reason: z.object({ reason: text(REASON_MAX).min(1) }),
  optionalReason: z.object({ reason: text(REASON_MAX).optional() }),
  colleague: z.object({ to: text(60).min(1), toName: text(60).optional() }),
};

/** The four decisions at a node of a chain, as the events of a workflow's own vocabulary. */
export const chainDecisionCommands = (prefix: 'approval' | 'review') => ({
  agree: { event: `${prefix}.agree`, payload: payloads.comment },
  reject: { event: `${prefix}.reject`, payload: payloads.reason, asks: 'reason' as const },
  return: { event: `${prefix}.return`, payload: payloads.reason, asks: 'reason' as const },
  forward: { event: `${prefix}.forward`, payload: payloads.colleague, asks: 'colleague' as const },
});

/** The current version of an event type's schema. */
export const eventVersion = (declaration: WorkflowDeclaration, type: string) =>
  declaration.events?.[type]?.version ?? 1;

/** The machine version a new stream of the workflow starts under. */
export const machineVersion = (declaration: WorkflowDeclaration) => declaration.version ?? 1;

/** The command of a workflow that sends `event`, if any. */
export const commandOfEvent = (declaration: WorkflowDeclaration, event: string) =>
  Object.entries(declaration.commands).find(([, c]) => c.event === event)?.[0];
