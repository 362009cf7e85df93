import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, AnyStateNode } from 'xstate';
import type { WorkflowActor } from '../workflows/actor';
import { transitionId } from './diagram-graph';
import { currentStep, personOf, type SimPerson, type SimSetup, type Simulation } from './simulator';
import { checkGuard, type GuardCheck } from './simulator-guards';

/** One thing of a payload the analyst may change before sending. */
export interface SimField {
  key: string;
  /** Text, numbers and days are typed; a colleague is chosen among the people of the sender's role. */
  kind: 'text' | 'number' | 'date' | 'colleague';
  value: unknown;
  options?: SimPerson[];
}

/** One transition the event may take from where the simulation stands, with its guard checked. */
export interface SimCandidate {
  id: string;
  /** The state node it leads to; none for a transition that stays. */
  target?: string;
  guard?: GuardCheck;
  /** The one xstate takes now (the first whose guard passes). */
  chosen: boolean;
}

/** An event a person could send now. */
export interface SimOption {
  type: string;
  /** The event as it would be sent: the sample's payload, the analyst's changes, the sender. */
  event: AnyEventObject;
  /** The sample payloads of this event (a choice where there are several). */
  cases: AnyEventObject[];
  fields: SimField[];
  candidates: SimCandidate[];
  /** The machine accepts the event as it stands. */
  enabled: boolean;
  /**
   * The person may send it here, whatever they fill in (a workflow's payload guards taken as met, as
   * the decision panel offers its buttons); otherwise it is someone else's.
   */
  forPerson: boolean;
}

/** What the analyst changed of an event's payload: the sample chosen and the fields typed. */
export interface SimDraft {
  case?: number;
  payload?: Record<string, unknown>;
}

type Payload = Record<string, unknown>;

const probes = new WeakMap<AnyStateMachine, AnyStateMachine>();

/** The machine with the payload guards met: may this person send this event, whatever they write? */
function probeOf(setup: SimSetup) {
  let probe = probes.get(setup.machine);
  if (!probe) {
    const met = Object.fromEntries(setup.payloadGuards.map((name) => [name, () => true]));
    probe = setup.machine.provide({ guards: met });
    probes.set(setup.machine, probe);
  }
  return probe;
}

/** Whether an event type is the person's to send (a workflow's command, a page's own event, the system's). */
function sends(setup: SimSetup, person: SimPerson, type: string) {
  const system = person.role === 'system';
  if (setup.workflow) return system ? !setup.commands.has(type) : setup.commands.has(type);
  return system === type.startsWith('xstate.');
}

const strip = ({ actor: _, ...rest }: AnyEventObject) => rest as AnyEventObject;
const blank = (value: unknown) => typeof value === 'string' && !value.trim();

/**
 * The sample payloads of an event for a person: a workflow's first case as they send it, its reason
 * left for the analyst to write and its colleague chosen below; any other machine's every case.
 */
function casesOf(setup: SimSetup, person: SimPerson, type: string): AnyEventObject[] {
  const own = setup.samples.filter((e) => {
    const actor = (e as { actor?: WorkflowActor }).actor;
    return e.type === type && (!actor || actor.id === person.key);
  });
  const unique = [...new Map(own.map((e) => [JSON.stringify(strip(e)), strip(e)])).values()];
  if (!setup.workflow) return unique.length ? unique : [{ type }];
  const first = unique.find((e) => !Object.values(e).some(blank)) ?? unique[0] ?? { type };
  const { to: _to, toName: _name, toRole: _role, ...rest } = first;
  const cleared = Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [key, key === 'reason' || key === 'comment' ? '' : value]),
  );
  return [{ ...cleared, type } as AnyEventObject];
}

/** The colleagues a forward may name: the other people of the sender's role. */
const colleaguesOf = (setup: SimSetup, person: SimPerson) =>
  setup.people.filter((p) => p.actor && p.role === person.role && p.key !== person.key);

function fieldsOf(setup: SimSetup, person: SimPerson, base: AnyEventObject, asksColleague: boolean) {
  const fields: SimField[] = [];
  for (const [key, value] of Object.entries(base)) {
    if (key === 'type') continue;
    if (typeof value === 'string')
      fields.push({ key, kind: /^\d{4}-\d{2}-\d{2}$/.test(value) ? 'date' : 'text', value });
    else if (typeof value === 'number') fields.push({ key, kind: 'number', value });
  }
  if (asksColleague) {
    const options = colleaguesOf(setup, person);
    fields.push({ key: 'to', kind: 'colleague', value: options[0]?.key ?? '', options });
  }
  return fields;
}

/** The event with the analyst's changes and its sender; a colleague named carries the directory's facts. */
function eventOf(
  setup: SimSetup,
  person: SimPerson,
  base: AnyEventObject,
  fields: SimField[],
  draft: Payload,
) {
  const payload: Payload = {};
  for (const field of fields) {
    const value = field.key in draft ? draft[field.key] : field.value;
    if (field.kind === 'colleague') {
      const colleague = personOf(setup, String(value ?? ''));
      // What the server adds to a forward: the name and the role of the employee named.
      if (colleague?.actor)
        Object.assign(payload, {
          to: colleague.actor.id,
          toName: colleague.actor.name,
          toRole: colleague.actor.role,
        });
    } else if (field.kind === 'number') {
      const number = Number(value);
      payload[field.key] = Number.isFinite(number) ? number : value;
    } else payload[field.key] = value;
  }
  return { ...base, ...payload, ...(person.actor ? { actor: person.actor } : {}) } as AnyEventObject;
}

/** The active state nodes, the deepest first: the order xstate looks for a transition in. */
function activeNodes(machine: AnyStateMachine, current: string[]): AnyStateNode[] {
  return [...current].reverse().map((id) => machine.getStateNodeById(id) as AnyStateNode);
}

function candidatesOf(
  nodes: AnyStateNode[],
  type: string,
  snapshot: AnyMachineSnapshot,
  event: AnyEventObject,
) {
  let chosen: string[] = [];
  try {
    chosen = snapshot.machine.getTransitionData(snapshot as never, event as never).map(transitionId);
  } catch {
    chosen = [];
  }
  return nodes.flatMap((node) =>
    (node.transitions.get(type) ?? []).map((definition): SimCandidate => {
      const id = transitionId(definition);
      const target = (definition.target as AnyStateNode[] | undefined)?.[0]?.id;
      const guard = definition.guard ? checkGuard(definition.guard, snapshot, event) : undefined;
      return { id, ...(target ? { target } : {}), ...(guard ? { guard } : {}), chosen: chosen.includes(id) };
    }),
  );
}

const accepts = (snapshot: { can(event: never): boolean }, event: AnyEventObject) => {
  try {
    return snapshot.can(event as never);
  } catch {
    return false;
  }
};

/**
 * The events the person could send where the simulation stands, in the order the chart's states
 * handle them: each with its payload form, every transition it may take with its guard checked part
 * by part, whether the machine accepts it as it stands, and whether it is the person's at all.
 */
export function eventOptions(
  setup: SimSetup,
  sim: Simulation,
  personKey: string,
  drafts: Record<string, SimDraft> = {},
): SimOption[] {
  const person = personOf(setup, personKey);
  const { snapshot, current } = currentStep(sim);
  if (!person || snapshot.status !== 'active') return [];
  const nodes = activeNodes(setup.machine, current);
  const types = [...new Set(nodes.flatMap((node) => [...node.transitions.keys()]))].filter(
    (type) => type !== '*' && sends(setup, person, type),
  );
  const probe = setup.workflow
    ? probeOf(setup).resolveState({ value: snapshot.value, context: snapshot.context })
    : undefined;
  return types.map((type) => {
    const draft = drafts[type] ?? {};
    const cases = casesOf(setup, person, type);
    const base = cases[Math.min(draft.case ?? 0, cases.length - 1)];
    const asksColleague = setup.samples.some(
      (e) => e.type === type && typeof (e as { to?: unknown }).to === 'string',
    );
    const fields = fieldsOf(setup, person, base, setup.workflow && asksColleague);
    const event = eventOf(setup, person, base, fields, draft.payload ?? {});
    const enabled = accepts(snapshot, event);
    return {
      type,
      event,
      cases,
      fields,
      candidates: candidatesOf(nodes, type, snapshot, event),
      enabled,
      forPerson: enabled || (probe ? accepts(probe, event) : true),
    };
  });
}
