import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import type { WorkflowActor } from '../../machines/workflows/actor';
import { COLLEAGUE_GUARD } from '../../machines/workflows/approval.states';
import type { WorkflowDeclaration } from '../../machines/workflows/declaration';

const probes = new WeakMap<WorkflowDeclaration, AnyStateMachine>();

/**
 * The machine with its declared payload guards taken as met: it answers "may this person send this
 * command now?" before they have written a reason — what they write is checked by the command's
 * schema when they send it, and by the real machine.
 */
function probeOf(declaration: WorkflowDeclaration) {
  let probe = probes.get(declaration);
  if (!probe) {
    // Whom a forward names is what the person sends too: the colleague is checked when it is sent.
    const payloadGuards = [...declaration.payloadGuards, COLLEAGUE_GUARD];
    const met = Object.fromEntries(payloadGuards.map((name) => [name, () => true]));
    probe = declaration.machine.provide({ guards: met });
    probes.set(declaration, probe);
  }
  return probe;
}

/** The server's facts a command's event would carry (the workflow's `facts` hook), by command name. */
export type FactsOf = (command: string) => Record<string, unknown> | undefined;

/**
 * The commands an actor may send on a stream now (the buttons a screen offers), by name. The guards
 * read the same server facts the command's event would carry, so a rule of the date is asked once.
 */
export function allowedCommands(
  declaration: WorkflowDeclaration,
  snapshot: AnyMachineSnapshot,
  actor: WorkflowActor,
  factsOf?: FactsOf,
): string[] {
  if (snapshot.status !== 'active') return [];
  const probed = probeOf(declaration).resolveState({ value: snapshot.value, context: snapshot.context });
  return Object.entries(declaration.commands)
    .filter(([name, command]) => probed.can({ type: command.event, actor, ...factsOf?.(name) }))
    .map(([name]) => name);
}

/** The same answer as the machine's event types (what older screens and the progress page read). */
export const allowedEvents = (
  declaration: WorkflowDeclaration,
  snapshot: AnyMachineSnapshot,
  actor: WorkflowActor,
) => allowedCommands(declaration, snapshot, actor).map((name) => declaration.commands[name].event);
