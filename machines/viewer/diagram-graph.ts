import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { type GuardExpr, guardCode, guardExpr } from '../workflows/guard-expr';
import { codeWords, type DiagramWords } from './diagram-words';

export type StateKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

/** A state of the diagram: one state node of the machine, the root included. */
export interface DiagramNode {
  /** The state node id, e.g. `registration.inReview`. */
  id: string;
  key: string;
  /** What the chart calls it, in the reader's language (the machine's name for the root). */
  name: string;
  parent?: string;
  type: StateKind;
  /** The state its parent enters first (drawn with a dot and an arrow). */
  initial: boolean;
  /** A region of a parallel state (drawn dashed). */
  region: boolean;
  description?: string;
  tags: string[];
  /** The tags in words, in the order of `tags`. */
  tagWords: string[];
  /** Services invoked while the state is active. */
  invokes: string[];
  /** The services in words, in the order of `invokes`. */
  invokeWords: string[];
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
  /** The transition in code: "event [guard]" (tooltips for those who read the machine). */
  label: string;
  /** The event as the arrow says it, in the reader's language. */
  eventText: string;
  /** The guard's short form on the arrow, e.g. "[only the current approver]". */
  guardText?: string;
  /**
   * On a chart too big to fit with its guards written out (diagram-fit.ts `chooseChart`), the
   * guard's number: the arrow shows its mark (`guardMark`), the legend the words (`guardNotes`).
   */
  guardNote?: number;
  /**
   * On a chart too big to fit even with its guards numbered, a long event's letter: the arrow shows
   * its mark (`eventMark`), the legend the words (`eventNotes`).
   */
  eventNote?: number;
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

/** A numbered guard: its mark on the arrows and its words in the legend and the exported picture. */
export interface GuardNote {
  mark: string;
  text: string;
}

/** A guard's mark on an arrow: ① … ⑳, then [21], [22], … */
export const guardMark = (note: number): string =>
  note >= 1 && note <= 20 ? String.fromCodePoint(0x2460 + note - 1) : `[${note}]`;

/** An event's mark on an arrow: ⓐ … ⓩ, then Ⓐ … Ⓩ, then [e53], … (guards are numbered, events lettered). */
export const eventMark = (note: number): string =>
  note >= 1 && note <= 26
    ? String.fromCodePoint(0x24d0 + note - 1)
    : note <= 52
      ? String.fromCodePoint(0x24b6 + note - 27)
      : `[e${note}]`;

/** Whether any arrow of the graph has a guard (a chart without one has nothing to number). */
export const hasGuards = (graph: DiagramGraph) => graph.edges.some((e) => e.guardText);

/**
 * The graph with its guards numbered instead of written on the arrows: the same words share a number,
 * numbered in the order the arrows come (states first to last, as the machine lists them).
 */
export function numberGuards(graph: DiagramGraph): DiagramGraph {
  const numbers = new Map<string, number>();
  const edges = graph.edges.map((edge) => {
    if (!edge.guardText) return edge;
    const note = numbers.get(edge.guardText) ?? numbers.size + 1;
    numbers.set(edge.guardText, note);
    return { ...edge, guardNote: note };
  });
  return { ...graph, edges };
}

/** The numbered guards of a graph in their order, each with its words; none where guards are written out. */
export function guardNotes(graph: DiagramGraph): GuardNote[] {
  const notes = new Map<number, string>();
  for (const edge of graph.edges)
    if (edge.guardNote && edge.guardText) notes.set(edge.guardNote, edge.guardText);
  return [...notes.entries()]
    .sort(([a], [b]) => a - b)
    .map(([note, text]) => ({ mark: guardMark(note), text }));
}

/**
 * The graph with every event wider than `longer` (SVG units, at the arrows' font) lettered instead of
 * written on its arrows: the same words share a letter, lettered in the order the arrows come.
 */
export function letterEvents(graph: DiagramGraph, isLong: (text: string) => boolean): DiagramGraph {
  const letters = new Map<string, number>();
  const edges = graph.edges.map((edge) => {
    if (!isLong(edge.eventText)) return edge;
    const note = letters.get(edge.eventText) ?? letters.size + 1;
    letters.set(edge.eventText, note);
    return { ...edge, eventNote: note };
  });
  return { ...graph, edges };
}

/** The lettered events of a graph in their order, each with its words; none where events are written. */
export function eventNotes(graph: DiagramGraph): GuardNote[] {
  const notes = new Map<number, string>();
  for (const edge of graph.edges) if (edge.eventNote) notes.set(edge.eventNote, edge.eventText);
  return [...notes.entries()]
    .sort(([a], [b]) => a - b)
    .map(([note, text]) => ({ mark: eventMark(note), text }));
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

/** Every state node of a machine, the root first. */
function allNodes(machine: AnyStateMachine): AnyStateNode[] {
  const list: AnyStateNode[] = [];
  const walk = (node: AnyStateNode) => {
    list.push(node);
    for (const child of Object.values(node.states) as AnyStateNode[]) walk(child);
  };
  walk(machine.root);
  return list;
}

/** What an event type says in words: xstate's timers and service outcomes are named by what they wait for. */
function eventWords(machine: AnyStateMachine, eventType: string, words: DiagramWords): string {
  if (!eventType) return words.always;
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return words.delay(after[1]);
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (actor) {
    const invoke = allNodes(machine)
      .flatMap((n) => n.invoke)
      .find((i) => i.id === actor[2]);
    const service = invoke ? serviceName(invoke) : actor[2];
    return words.outcome(actor[1] as 'done' | 'error', words.service(machine.id, service));
  }
  const doneState = /^xstate\.done\.state\.(.+)$/.exec(eventType);
  if (doneState) {
    const node = allNodes(machine).find((n) => n.id === doneState[1]);
    return words.stateDone(node ? stateName(machine, node, words) : doneState[1]);
  }
  return words.event(machine.id, eventType);
}

const stateName = (machine: AnyStateMachine, node: AnyStateNode, words: DiagramWords) =>
  node.parent ? words.state(machine.id, node.path) : words.machine(machine.id);

/** Where a machine's description is found in the locales: the id, less the machine's own prefix. */
export function descriptionKey(machineId: string, id: string): string {
  if (id === machineId) return '';
  return id.startsWith(`${machineId}.`) ? id.slice(machineId.length + 1) : id;
}

/**
 * The machine's states and transitions as a plain graph (pure: no layout, no DOM), named in the
 * words given (the code's own by default).
 */
export function machineGraph(machine: AnyStateMachine, words: DiagramWords = codeWords): DiagramGraph {
  const nodes: DiagramNode[] = [];
  const edges: DiagramEdge[] = [];
  const ruleOf = (id: string, own: string | undefined) =>
    own ? words.description(machine.id, descriptionKey(machine.id, id), own) : undefined;
  const walk = (node: AnyStateNode) => {
    const parent = node.parent as AnyStateNode | undefined;
    const description = ruleOf(node.id, node.description);
    const invokes = node.invoke.map(serviceName);
    nodes.push({
      id: node.id,
      key: parent ? node.key : node.id,
      name: stateName(machine, node, words),
      ...(parent ? { parent: parent.id } : {}),
      type: kindOf(node),
      initial: Boolean(parent && parent.type !== 'parallel' && parent.initial?.target?.includes(node)),
      region: parent?.type === 'parallel',
      ...(description ? { description } : {}),
      tags: [...node.tags],
      tagWords: [...node.tags].map(words.tag),
      invokes,
      invokeWords: invokes.map((src) => words.service(machine.id, src)),
    });
    for (const t of transitionsOf(node)) {
      const id = transitionId(t);
      const expr = guardExpr(t.guard);
      const guard = expr && guardCode(expr);
      const targets = (t.target as AnyStateNode[] | undefined) ?? [];
      const label = `${eventLabel(t.eventType)}${guard ? ` [${guard}]` : ''}`;
      const eventText = eventWords(machine, t.eventType, words);
      const guardText = expr ? words.guard(expr) : undefined;
      const rule = ruleOf(id, t.description);
      const list = targets.length ? targets : [node];
      list.forEach((target, k) => {
        edges.push({
          id: list.length > 1 ? `${id}>${k}` : id,
          transition: id,
          source: node.id,
          target: target.id,
          event: t.eventType,
          label,
          eventText,
          ...(guardText ? { guardText } : {}),
          ...(expr && guard ? { guard, guardExpr: expr } : {}),
          ...(rule ? { description: rule } : {}),
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
