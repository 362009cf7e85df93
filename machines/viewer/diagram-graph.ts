import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { type GuardExpr, guardCode, guardExpr } from './guard-expr';

export type StateKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

/** A state of the diagram: one state node of the machine, the root included. */
export interface DiagramNode {
  /** The state node id, e.g. `registration.inReview`. */
  id: string;
  key: string;
  parent?: string;
  type: StateKind;
  /** The state its parent enters first (drawn with a dot and an arrow). */
  initial: boolean;
  /** A region of a parallel state (drawn dashed). */
  region: boolean;
  description?: string;
  tags: string[];
  /** Services invoked while the state is active. */
  invokes: string[];
}

/** One arrow of the diagram: a transition to one of its targets (a targetless one points at its source). */
export interface DiagramEdge {
  id: string;
  /** The transition it draws; several edges share it when a transition has several targets. */
  transition: string;
  source: string;
  target: string;
  /** The raw event type; '' for an eventless (`always`) transition. */
  event: string;
  /** What the arrow says: "event [guard]". */
  label: string;
  guard?: string;
  /** The guard as a tree, for the details panel to say in words. */
  guardExpr?: GuardExpr;
  description?: string;
  eventless: boolean;
  /** Taken without leaving the state (no target). */
  internal: boolean;
}

export interface DiagramGraph {
  id: string;
  nodes: DiagramNode[];
  edges: DiagramEdge[];
}

/** A guard's name as an analyst reads it in code: `isCurrentApprover && isLastNode` for an `and([...])`. */
export function guardName(guard: unknown): string | undefined {
  const expr = guardExpr(guard);
  return expr && guardCode(expr);
}

/** The readable form of xstate's internal event types (timers, service outcomes, eventless). */
export function eventLabel(eventType: string): string {
  if (!eventType) return 'always';
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return `after ${after[1]}`;
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (actor) return `${actor[1]}: ${actor[2]}`;
  const doneState = /^xstate\.done\.state\.(.+)$/.exec(eventType);
  if (doneState) return `done: ${doneState[1].split('.').pop()}`;
  return eventType;
}

const kindOf = (node: AnyStateNode): StateKind => node.type as StateKind;

/** Every transition a state node defines, eventless ones included (`toDirectedGraph` drops those). */
export function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  const evented = [...node.transitions.values()].flat();
  return [...evented, ...(node.always ?? [])];
}

/**
 * A transition's stable id: source, event and its position among the source's transitions for that
 * event, e.g. `approval.inApproval:approval.agree:1`. Replay and paths name transitions the same way.
 */
export function transitionId(t: AnyTransitionDefinition): string {
  const source = t.source as AnyStateNode;
  const siblings = t.eventType ? (source.transitions.get(t.eventType) ?? []) : (source.always ?? []);
  const index = Math.max(0, siblings.indexOf(t));
  return `${source.id}:${t.eventType || 'always'}:${index}`;
}

function serviceName(invoke: { id: string; src: unknown }): string {
  return typeof invoke.src === 'string' ? invoke.src : invoke.id;
}

/** The machine's states and transitions as a plain graph (pure: no layout, no DOM). */
export function machineGraph(machine: AnyStateMachine): DiagramGraph {
  const nodes: DiagramNode[] = [];
  const edges: DiagramEdge[] = [];
  const walk = (node: AnyStateNode) => {
    const parent = node.parent as AnyStateNode | undefined;
    nodes.push({
      id: node.id,
      key: parent ? node.key : node.id,
      ...(parent ? { parent: parent.id } : {}),
      type: kindOf(node),
      initial: Boolean(parent && parent.type !== 'parallel' && parent.initial?.target?.includes(node)),
      region: parent?.type === 'parallel',
      ...(node.description ? { description: node.description } : {}),
      tags: [...node.tags],
      invokes: node.invoke.map(serviceName),
    });
    for (const t of transitionsOf(node)) {
      const id = transitionId(t);
      const expr = guardExpr(t.guard);
      const guard = expr && guardCode(expr);
      const targets = (t.target as AnyStateNode[] | undefined) ?? [];
      const label = `${eventLabel(t.eventType)}${guard ? ` [${guard}]` : ''}`;
      const list = targets.length ? targets : [node];
      list.forEach((target, k) => {
        edges.push({
          id: list.length > 1 ? `${id}>${k}` : id,
          transition: id,
          source: node.id,
          target: target.id,
          event: t.eventType,
          label,
          ...(expr && guard ? { guard, guardExpr: expr } : {}),
          ...(t.description ? { description: t.description } : {}),
          eventless: !t.eventType,
          internal: targets.length === 0,
        });
      });
    }
    for (const child of Object.values(node.states) as AnyStateNode[]) walk(child);
  };
  walk(machine.root);
  return { id: machine.id, nodes, edges };
}

/** The ids of the state nodes a snapshot is in, the root and compound parents included. */
export function activeStateIds(
  machine: AnyStateMachine,
  snapshot: { matches(value: never): boolean } | undefined,
): string[] {
  if (!snapshot) return [];
  const ids = [machine.root.id];
  const walk = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      if ((snapshot.matches as (v: unknown) => boolean)(pathValue(child.path))) {
        ids.push(child.id);
        walk(child);
      }
    }
  };
  walk(machine.root);
  return ids;
}

/** `['a', 'b']` → `{ a: 'b' }`, the state value `matches` takes. */
function pathValue(path: string[]): unknown {
  return path.reduceRight<unknown>((inner, key) => (inner === undefined ? key : { [key]: inner }), undefined);
}
