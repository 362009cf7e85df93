import { sql } from 'kysely';
import { initialTransition } from 'xstate';
import type { z } from 'zod';
import { asksForLines } from '../../domain/workflow-decisions';
import type { WorkflowActor } from '../../machines/workflows/actor';
import type { ChainProgress } from '../../machines/workflows/approval.states';
import type { WorkflowDeclaration } from '../../machines/workflows/declaration';
import { findWorkflow } from '../../machines/workflows/registry';
import { type Db, inTransaction } from '../db/database';
import type { Caller } from '../http/auth';
import { allowedValues, badField, PortalError } from '../http/envelope';
import { fieldError, fieldMissing } from '../http/validate';
import { resourceDef } from '../resources/registry';
import { getRecord } from '../resources/write';
import { allowedCommands, type FactsOf } from './allowed';
import type { Clock } from './clock';
import { dispatch, loadStream, loadStreamIfAny, type StreamState, startStream } from './engine';
import { hooksOf, type WorkflowHooks } from './hooks';
import { awaitedDecider } from './projection';

export const actorOf = (caller: Caller): WorkflowActor => ({
  id: caller.employeeId,
  name: caller.lastName,
  role: caller.roleCode,
});

export function requireWorkflow(name: string): WorkflowDeclaration {
  const declaration = findWorkflow(name);
  if (!declaration) throw new PortalError(404, 'server.workflow.unknownWorkflow');
  return declaration;
}

/** The one stream of a subject whose workflow has one per record. */
export const subjectStreamId = (declaration: WorkflowDeclaration, subjectId: string) =>
  `${declaration.name}-${subjectId}`;

/**
 * The stream a command on a subject acts on: the subject's own, the one named (which must be about
 * that subject), or the newest that is still running.
 */
async function streamOf(db: Db, declaration: WorkflowDeclaration, subjectId: string, streamId?: string) {
  if (declaration.subject.streams === 'onePerSubject') return subjectStreamId(declaration, subjectId);
  const rows = await sql<{ stream_id: string }>`select stream_id from workflow_stream
    where workflow = ${declaration.name} and subject_resource = ${declaration.subject.resource}
      and subject_id = ${subjectId}
      and ${streamId ? sql`stream_id = ${streamId}` : sql`state->>'status' = 'active'`}
    order by updated_at desc, stream_id limit 1`.execute(db);
  if (!rows.rows[0]) throw new PortalError(404, 'server.workflow.noOpenStream');
  return rows.rows[0].stream_id;
}

/** The subject record, read through the caller's scope: out of scope is 404, exactly like getOne. */
async function subjectInScope(db: Db, caller: Caller, declaration: WorkflowDeclaration, subjectId: string) {
  const def = resourceDef(declaration.subject.resource);
  if (!def) throw new Error(`No resource ${declaration.subject.resource}`);
  return getRecord(db, def, caller, subjectId);
}

/** The server's facts each command's event would carry about this subject now (the `facts` hook). */
const factsAbout =
  (hooks: WorkflowHooks | undefined, subject: Record<string, unknown>, clock?: Clock): FactsOf =>
  (command) =>
    hooks?.facts?.({ command, subject, clock });

/** A payload the command's schema refuses, as a 400 naming the field and what is wrong with it. */
function checkedPayload(schema: z.ZodType<Record<string, unknown>>, payload: Record<string, unknown>) {
  const checked = schema.safeParse(payload);
  if (checked.success) return checked.data;
  const issue = checked.error.issues[0];
  const field = String(issue?.path[0] ?? 'payload');
  // Named by their labels (server.input.fields), not by the names the payload gives them.
  if (issue?.code === 'too_big') throw fieldError(undefined, field, 'server.problems.tooLong');
  if (issue?.code === 'too_small' || (issue?.code === 'invalid_type' && payload[field] === undefined))
    throw fieldMissing(undefined, field);
  throw fieldError(undefined, field, 'server.problems.invalid');
}

/**
 * The directory's facts about the colleague a step is forwarded to: the role of the enabled employee
 * named (none for anyone else) and their name as the directory has it. The machine decides with them
 * (`forwardsToColleague`); a name sent in the body is never trusted.
 */
async function colleagueFacts(db: Db, to: unknown) {
  const found = await sql<{ role_code: string; last_name: string }>`select role_code, last_name
    from employee where object_id::text = ${String(to ?? '')} and enabled`.execute(db);
  const colleague = found.rows[0];
  return { toRole: colleague?.role_code ?? null, toName: colleague?.last_name };
}

export interface DecisionRequest {
  workflow: string;
  subjectId: string;
  streamId?: string;
  command: string;
  payload: Record<string, unknown>;
  /** The stream version the person saw; a decision on an older one is refused. */
  version?: number;
  /** The demo seed's clock; the real one when absent. */
  clock?: Clock;
}

/**
 * The one decision layer (docs/workflows.md): a person's command on a workflow of a record. The record
 * is read through the caller's scope first, the payload checked by the command's schema, a forward's
 * colleague looked up, the workflow's own server rules run (hooks), and the event dispatched — one
 * transaction. Answers the stream as the decision panel shows it.
 */
export async function decide(db: Db, caller: Caller, request: DecisionRequest) {
  const declaration = requireWorkflow(request.workflow);
  const command = declaration.commands[request.command];
  if (!command)
    throw badField('command', {
      key: 'server.problems.value',
      params: {
        values: allowedValues(Object.keys(declaration.commands), [
          `decision.commandsOf.${declaration.name}`,
          'decision.commands',
        ]),
      },
    });
  return inTransaction(db, async (trx) => {
    const subject = await subjectInScope(trx, caller, declaration, request.subjectId);
    const streamId = await streamOf(trx, declaration, request.subjectId, request.streamId);
    await begunBy(trx, caller, declaration, {
      streamId,
      subject,
      command: request.command,
      clock: request.clock,
    });
    const state = await loadStream(trx, streamId);
    if (request.version !== undefined && request.version !== state.version)
      throw new PortalError(409, 'server.workflow.raced');
    const actor = actorOf(caller);
    const payload = checkedPayload(command.payload, request.payload);
    const hooks = hooksOf(declaration.name);
    // The facts the guards read are the server's, laid over whatever was sent.
    const factsOf = factsAbout(hooks, subject, request.clock);
    const allowed = allowedCommands(declaration, state.snapshot, actor, factsOf).includes(request.command);
    const call = { caller, actor, state, command: request.command, payload, subject, clock: request.clock };
    let extra: Record<string, unknown> = {};
    if (allowed) {
      if (command.asks === 'colleague') {
        extra = await colleagueFacts(trx, payload.to);
        const event = { type: command.event, ...payload, ...extra, actor };
        if (!state.snapshot.can(event))
          throw new PortalError(400, 'server.workflow.notColleague', { field: 'to' });
      }
      extra = { ...extra, ...((await hooks?.prepare?.(trx, call)) ?? {}) };
    } else {
      const explained = hooks?.explain?.(call);
      if (explained) throw explained;
    }
    const { snapshot, version } = await dispatch(
      trx,
      {
        streamId,
        event: { type: command.event, ...payload, ...factsOf(request.command), ...extra },
        actor,
        expectedVersion: state.version,
        at: request.clock?.at,
      },
      hooks?.after ? (inner, _before, next) => hooks.after!(inner, { ...call, next }) : undefined,
    );
    // The state after the event is the one dispatch computed: no second replay of the stream, unless
    // a hook moved the stream on by events of its own (a check that follows a submission).
    const moved = await sql<{ version: number }>`select version from workflow_stream
      where stream_id = ${streamId}`.execute(trx);
    if ((moved.rows[0]?.version ?? version) !== version)
      return withOpenLines(trx, await loadStream(trx, streamId), actor, factsOf);
    return withOpenLines(trx, { ...state, snapshot, version }, actor, factsOf);
  });
}

/**
 * The record's first command starts its stream, where the workflow begins before anything is decided
 * (its `begin` hook): the machine's input from the hook, the caller its first actor. A stream that
 * exists, or a workflow without the hook, is left as it is (a command then acts on the stream, or 404).
 */
async function begunBy(
  trx: Db,
  caller: Caller,
  declaration: WorkflowDeclaration,
  at: { streamId: string; subject: Record<string, unknown>; command: string; clock?: Clock },
) {
  const begin = hooksOf(declaration.name)?.begin;
  if (!begin || declaration.subject.streams !== 'onePerSubject' || (await streamExists(trx, at.streamId)))
    return;
  const actor = actorOf(caller);
  const input = await begin(trx, { caller, actor, command: at.command, subject: at.subject });
  await startStream(trx, {
    streamId: at.streamId,
    workflow: declaration.name,
    subject: [declaration.subject.resource, String(at.subject.ObjectID)],
    input,
    actor,
    at: at.clock?.at,
  });
}

/**
 * A view whose commands ask for quantities per line (a loan's return or conversion) gets the record's
 * open lines from the workflow's server side, read from the stream as it now stands.
 */
async function withOpenLines(db: Db, state: StreamState, actor: WorkflowActor, factsOf?: FactsOf) {
  const view = streamView(state, actor, factsOf);
  const hooks = hooksOf(view.Workflow);
  if (!hooks?.openLines || !view.Commands.some((c) => asksForLines(c.Asks))) return view;
  return { ...view, Lines: await hooks.openLines(db, state) };
}

/** A stream as a decision panel shows it: where it stands, who decides, what this person may do. */
export async function decisionOptions(
  db: Db,
  caller: Caller,
  query: { workflow: string; subjectId: string; streamId?: string },
) {
  const declaration = requireWorkflow(query.workflow);
  const subject = await subjectInScope(db, caller, declaration, query.subjectId);
  // The buttons are asked of the guards with the facts the command would carry: offered is taken.
  const factsOf = factsAbout(hooksOf(declaration.name), subject);
  // A record of many rounds with none open now (an RSP line not sent, or answered) shows its last
  // round, or that none ran yet: calm, offering nothing, never an error.
  if (declaration.subject.streams === 'many' && !query.streamId) {
    const last = await lastStream(db, declaration, query.subjectId);
    if (!last) return { ...notStartedView(declaration, query.subjectId), State: '' };
    return withOpenLines(db, await loadStream(db, last), actorOf(caller), factsOf);
  }
  const streamId = await streamOf(db, declaration, query.subjectId, query.streamId);
  const state = await loadStreamIfAny(db, streamId);
  // A record whose one stream has not begun stands before it; a stream asked for by id must exist.
  if (!state && declaration.subject.streams === 'onePerSubject' && !query.streamId)
    return notStartedView(
      declaration,
      query.subjectId,
      await firstCommands(db, caller, declaration, subject),
    );
  return withOpenLines(db, state ?? (await loadStream(db, streamId)), actorOf(caller), factsOf);
}

/** The running round of a record of many, else its newest. */
async function lastStream(db: Db, declaration: WorkflowDeclaration, subjectId: string) {
  const rows = await sql<{ stream_id: string }>`select stream_id from workflow_stream
    where workflow = ${declaration.name} and subject_resource = ${declaration.subject.resource}
      and subject_id = ${subjectId}
    order by (state->>'status' = 'active') desc, updated_at desc, stream_id limit 1`.execute(db);
  return rows.rows[0]?.stream_id;
}

const streamExists = async (db: Db, streamId: string) =>
  ((
    await sql<{
      n: number;
    }>`select count(*)::int as n from workflow_stream where stream_id = ${streamId}`.execute(db)
  ).rows[0]?.n ?? 0) > 0;

/**
 * What the caller may do first on a record whose stream has not begun: the commands the machine's
 * first state allows them, as the stream the `begin` hook would start with them — none where the
 * workflow has no such hook or the hook refuses this caller.
 */
export async function firstCommands(
  db: Db,
  caller: Caller,
  declaration: WorkflowDeclaration,
  subject: Record<string, unknown>,
): Promise<string[]> {
  const hooks = hooksOf(declaration.name);
  if (!hooks?.begin) return [];
  const actor = actorOf(caller);
  const factsOf = factsAbout(hooks, subject);
  const offered: string[] = [];
  for (const command of Object.keys(declaration.commands)) {
    const input = await hooks.begin(db, { caller, actor, command, subject }).catch((error: unknown) => {
      if (error instanceof PortalError) return undefined;
      throw error;
    });
    if (input === undefined) continue;
    const [snapshot] = initialTransition(declaration.machine, input);
    if (allowedCommands(declaration, snapshot, actor, factsOf).includes(command)) offered.push(command);
  }
  return offered;
}

/**
 * A record whose workflow has not started yet (a draft order before its first submission): it stands
 * in the workflow's first state, nobody decides it, and its page offers what starts it, not an error.
 */
export function notStartedView(
  declaration: WorkflowDeclaration,
  subjectId: string,
  commands: string[] = [],
): ReturnType<typeof streamView> {
  return {
    Workflow: declaration.name,
    StreamID: '',
    SubjectID: subjectId,
    State: String(declaration.machine.config.initial ?? ''),
    WorkflowVersion: 0,
    Commands: commands.map((name) => ({ Name: name, Asks: declaration.commands[name].asks ?? null })),
    Allowed: commands.map((name) => declaration.commands[name].event),
    Decider: null,
    Node: null,
    Reason: null,
    Resource: declaration.subject.resource,
    Shows: [],
  };
}

/** The projected fields the declaration has its panel show, those that hold something. */
function shownFields(declaration: WorkflowDeclaration, projected: Record<string, unknown>) {
  return (declaration.panelFields ?? [])
    .filter(
      ({ field }) => projected[field] !== null && projected[field] !== undefined && projected[field] !== '',
    )
    .map(({ field, kind }) => ({ Field: field, Value: String(projected[field]), Kind: kind }));
}

export function streamView(state: StreamState, actor: WorkflowActor, factsOf?: FactsOf) {
  const { declaration, snapshot } = state;
  // A state in doubt reads, but offers nothing: a command would build on a guess (dispatch refuses it).
  const commands = state.doubt ? [] : allowedCommands(declaration, snapshot, actor, factsOf);
  const decider = awaitedDecider(declaration, snapshot);
  const context = snapshot.context as Partial<ChainProgress>;
  const projected = declaration.projection ? declaration.projection(snapshot) : {};
  return {
    Workflow: declaration.name,
    StreamID: state.streamId,
    SubjectID: state.subject[1],
    State: String(snapshot.value),
    WorkflowVersion: state.version,
    Commands: commands.map((name) => ({ Name: name, Asks: declaration.commands[name].asks ?? null })),
    Allowed: commands.map((name) => declaration.commands[name].event),
    Decider: decider ? { Role: decider.role, PersonName: decider.personName ?? null } : null,
    Node: context.node ?? null,
    Reason: context.reason ?? null,
    Resource: declaration.subject.resource,
    Shows: shownFields(declaration, projected),
    ...projected,
  };
}
