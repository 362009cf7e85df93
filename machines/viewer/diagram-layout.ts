import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { PlacedLane } from './diagram-chains';
import {
  type DiagramEdge,
  type DiagramGraph,
  type DiagramNode,
  eventNotes,
  type GuardNote,
  guardNotes,
} from './diagram-graph';
import {
  detailLines,
  EDGE_LINE,
  edgeLines,
  FONT_PX,
  isCompound,
  LINE,
  stateLabel,
  stateLines,
  textWidth,
} from './diagram-text';

// The words' measures and lines are the layout's vocabulary: the drawing and the fit read them here too.
export {
  breakLabel,
  detailLines,
  EDGE_LINE,
  edgeLines,
  eventLines,
  FONT_PX,
  guardLines,
  hasLongLabels,
  isCompound,
  isLongEvent,
  LINE,
  serviceLine,
  stateLabel,
  stateLines,
  tagLine,
  textWidth,
} from './diagram-text';

export type Direction = 'DOWN' | 'RIGHT';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PlacedNode extends Box {
  node: DiagramNode;
}

export interface PlacedEdge {
  edge: DiagramEdge;
  /** The orthogonal route, start to end, in absolute coordinates. */
  points: { x: number; y: number }[];
  label?: Box;
  /** A box's arrow to a state inside it, starting inside the box (diagram-nested.ts), at a ring. */
  inside?: boolean;
}

/** The dot that marks a compound state's initial state, with its arrow. */
export interface InitialMark {
  parent: string;
  target: string;
  dot: Box;
  points: { x: number; y: number }[];
}

export interface DiagramLayout {
  graph: DiagramGraph;
  width: number;
  height: number;
  nodes: PlacedNode[];
  edges: PlacedEdge[];
  initials: InitialMark[];
  /** The numbered guards' words, where the arrows show numbers (none where guards are written out). */
  notes: GuardNote[];
  /** The lettered events' words, where long events show letters (none where events are written out). */
  eventNotes: GuardNote[];
  /** Which way the arrows run. */
  direction: Direction;
  /** Long state names and arrow labels are broken over two lines (`breakLabel`). */
  wrapped: boolean;
  /** How tightly the states are packed. */
  packing: Packing;
  /** The states and arrows set closer together than usual (`CLOSE_SPACING`). */
  close: boolean;
  /** Long events are lettered on the arrows, their words in `eventNotes`. */
  lettered: boolean;
  /** Each compound state laid out on its own, in a direction of its own (diagram-nested.ts). */
  nested?: boolean;
  /** A workflow's approval chains, drawn in a lane under the states or beside them (diagram-chains.ts `withChains`). */
  lane?: PlacedLane;
}

const NODE_HEIGHT = 36;
export const INITIAL = '::initial';

/** A simple state's box: its name (over two lines where broken) and its detail lines. */
export function leafSize(node: DiagramNode, wrapped: boolean) {
  const details = detailLines(node);
  const name = stateLines(node, wrapped);
  const width = Math.max(
    88,
    ...name.map((l) => textWidth(l) + 28),
    ...details.map((l) => textWidth(l, FONT_PX.detail) + 24),
  );
  const height = NODE_HEIGHT + (name.length - 1 + details.length) * LINE;
  return { width, height };
}

/** A compound state's header: its name and any detail lines, as wide as they are (at least 100). */
export function headerWidth(node: DiagramNode): number {
  return Math.max(
    textWidth(stateLabel(node), FONT_PX.heading) + 32,
    ...detailLines(node).map((l) => textWidth(l, FONT_PX.detail) + 28),
    100,
  );
}

/**
 * A compound state as an ELK parent: its header on top, its border round its states (`children`,
 * after the dot of its initial state, where it has one), the spacing and packing of the form.
 * `wide` and `top` make room for more than its name (the nested layout's loops beside it).
 */
export function elkBox(
  node: DiagramNode,
  children: ElkNode[],
  hasInitial: boolean,
  packing: Packing,
  close: boolean,
  wide = 0,
  top = 0,
): ElkNode {
  const header = headerWidth(node);
  const { header: head, inset } = close ? CLOSE_BORDER : BORDER;
  return {
    id: node.id,
    labels: [{ text: node.name, width: header, height: LINE }],
    layoutOptions: {
      ...(close ? CLOSE_SPACING : SPACING),
      ...PACKING[packing],
      // Its header on top; round the states inside, as little room as the spacing between them.
      'elk.padding': `[top=${Math.max(head + detailLines(node).length * LINE, top)},left=${inset},bottom=${inset},right=${inset}]`,
      'elk.nodeLabels.placement': 'INSIDE V_TOP H_LEFT',
      'elk.nodeSize.constraints': 'MINIMUM_SIZE NODE_LABELS',
      'elk.nodeSize.minimum': `(${Math.max(header, wide)},60)`,
    },
    children: [...(hasInitial ? [{ id: `${node.id}${INITIAL}`, width: 12, height: 12 }] : []), ...children],
  };
}

/** The children of every state that has any, in the machine's order. */
export function childrenOf(graph: DiagramGraph): Map<string, DiagramNode[]> {
  const children = new Map<string, DiagramNode[]>();
  for (const node of graph.nodes) {
    if (node.parent) children.set(node.parent, [...(children.get(node.parent) ?? []), node]);
  }
  return children;
}

/** An arrow's label as ELK sizes it: its widest line, its lines' height. */
export const edgeLabel = (lines: string[]) => ({
  text: lines.join('\n'),
  width: Math.max(...lines.map((l) => textWidth(l, FONT_PX.edge))) + 8,
  height: lines.length * EDGE_LINE + 4,
});

function toElk(graph: DiagramGraph, wrapped: boolean, packing: Packing, close: boolean): ElkNode {
  const children = childrenOf(graph);
  const build = (node: DiagramNode): ElkNode => {
    const kids = children.get(node.id) ?? [];
    if (!isCompound(node) || kids.length === 0) return { id: node.id, ...leafSize(node, wrapped) };
    return elkBox(
      node,
      kids.map(build),
      kids.some((k) => k.initial),
      packing,
      close,
    );
  };
  const root = graph.nodes.find((n) => !n.parent);
  if (!root) throw new Error('A machine has a root state');
  const elk = build(root);
  // A state's self-loops are one loop with their labels stacked beside it: ELK would nest one loop
  // around the other, each wider by its label, and put each label far out beside its own loop.
  const edges: ElkExtendedEdge[] = [];
  for (const [key, group] of edgeGroups(graph)) {
    edges.push({
      id: key,
      sources: [group[0].source],
      targets: [group[0].target],
      labels: [edgeLabel(group.flatMap((e) => edgeLines(e, wrapped)))],
    });
  }
  for (const node of graph.nodes) {
    const initial = (children.get(node.id) ?? []).find((k) => k.initial);
    if (initial && isCompound(node)) {
      edges.push({ id: `${node.id}${INITIAL}>`, sources: [`${node.id}${INITIAL}`], targets: [initial.id] });
    }
  }
  return { id: '::diagram', children: [elk], edges };
}

/**
 * Compact: the whole chart is fitted to the panel, so every pixel of spacing shrinks the text. Spacing
 * is read from the box the states sit in, so every compound state (the machine's own box included)
 * is given it, not only the drawing's outermost graph.
 */
const SPACING = {
  'elk.spacing.nodeNode': '16',
  'elk.layered.spacing.nodeNodeBetweenLayers': '14',
  'elk.spacing.edgeLabel': '2',
  'elk.spacing.edgeNode': '10',
  'elk.spacing.edgeEdge': '6',
  'elk.layered.spacing.edgeNodeBetweenLayers': '6',
  'elk.layered.spacing.edgeEdgeBetweenLayers': '6',
};
/**
 * The room inside a compound state's border: above its states, its name (its baseline 24 px below
 * the top) and any detail lines; round them, a little.
 */
const BORDER = { header: 36, inset: 10, drawing: 8 };

/**
 * Closer still, for the charts too big even lettered and packed (diagram-fit.ts `formOrder`): compound
 * states nested three deep each add their border and the spacing round their states, and trimming
 * those (never the text, nor the gap between an arrow and its label) is what brings them into the
 * window. The arrows' own spacing stays as it is, so parallel arrows remain apart.
 */
const CLOSE_SPACING = {
  ...SPACING,
  'elk.spacing.nodeNode': '10',
  'elk.layered.spacing.nodeNodeBetweenLayers': '10',
  'elk.spacing.edgeNode': '6',
};
/** Closer: 4 px under the name's descenders, 6 round the states, 4 round the whole drawing. */
export const CLOSE_BORDER = { header: 32, inset: 6, drawing: 4 };

/**
 * How tightly ELK packs the states, tried in turn on a chart too big for the plain layout: `compacted`
 * pulls the states of each layer together after placing them (short arrows), `merged` also runs the
 * arrows into one state along one shared line, `depthFirst` also breaks the chart's cycles along its
 * paths, so the arrows back to an earlier state loop round fewer layers. Like the spacing, they are
 * read from the box the states sit in, so every compound state is given them.
 */
export type Packing = 'layered' | 'compacted' | 'merged' | 'depthFirst';
const COMPACTED = { 'elk.layered.compaction.postCompaction.strategy': 'EDGE_LENGTH' };
const MERGED = { ...COMPACTED, 'elk.layered.mergeEdges': 'true' };
const PACKING: Record<Packing, Record<string, string>> = {
  layered: {},
  compacted: COMPACTED,
  merged: MERGED,
  depthFirst: { ...MERGED, 'elk.layered.cycleBreaking.strategy': 'DEPTH_FIRST' },
};

/** The key of a state's self-loops, laid out as one (`edgeGroups`). */
export const LOOPS = '::loops';

/** The ELK edges: one per arrow, but one for all the self-loops of a state (keyed `<state>::loops`). */
export function edgeGroups(graph: DiagramGraph): Map<string, DiagramEdge[]> {
  const groups = new Map<string, DiagramEdge[]>();
  for (const edge of graph.edges) {
    const key = edge.source === edge.target ? `${edge.source}${LOOPS}` : edge.id;
    groups.set(key, [...(groups.get(key) ?? []), edge]);
  }
  return groups;
}

export type Offsets = Map<string, { x: number; y: number }>;

export function absolute(node: ElkNode, ox: number, oy: number, offsets: Offsets, boxes: Map<string, Box>) {
  const x = ox + (node.x ?? 0);
  const y = oy + (node.y ?? 0);
  offsets.set(node.id, { x, y });
  boxes.set(node.id, { x, y, width: node.width ?? 0, height: node.height ?? 0 });
  for (const child of node.children ?? []) absolute(child, x, y, offsets, boxes);
}

export function route(edge: ElkExtendedEdge, offsets: Offsets) {
  const container = (edge as { container?: string }).container;
  const off = (container && offsets.get(container)) || { x: 0, y: 0 };
  const points = (edge.sections ?? []).flatMap((s) => [s.startPoint, ...(s.bendPoints ?? []), s.endPoint]);
  const label = edge.labels?.[0];
  return {
    points: points.map((p) => ({ x: p.x + off.x, y: p.y + off.y })),
    label: label
      ? {
          x: (label.x ?? 0) + off.x,
          y: (label.y ?? 0) + off.y,
          width: label.width ?? 0,
          height: label.height ?? 0,
        }
      : undefined,
  };
}

/** Lays the graph out with ELK's layered algorithm: nested boxes, orthogonal arrows, sized labels. */
export async function layoutGraph(
  graph: DiagramGraph,
  direction: Direction = 'DOWN',
  wrapped = false,
  packing: Packing = 'layered',
  close = false,
): Promise<DiagramLayout> {
  const elkGraph = toElk(graph, wrapped, packing, close);
  const edge = (close ? CLOSE_BORDER : BORDER).drawing;
  elkGraph.layoutOptions = {
    'elk.algorithm': 'layered',
    'elk.direction': direction,
    'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
    'elk.edgeRouting': 'ORTHOGONAL',
    'elk.edgeLabels.placement': 'CENTER',
    ...(close ? CLOSE_SPACING : SPACING),
    'elk.padding': `[top=${edge},left=${edge},bottom=${edge},right=${edge}]`,
    ...PACKING[packing],
  };
  const result = await new ELK().layout(elkGraph);
  const offsets: Offsets = new Map();
  const boxes = new Map<string, Box>();
  absolute(result, 0, 0, offsets, boxes);
  const byId = new Map((result.edges ?? []).map((e) => [e.id, e]));
  const routes = new Map([...byId].map(([id, e]) => [id, { ...route(e, offsets), targets: e.targets }]));
  return placeLayout(graph, result, boxes, routes, { direction, wrapped, packing, close });
}

/** An arrow as laid out: its route, its label's box, and the ids ELK gave as its targets. */
export type Routed = ReturnType<typeof route> & { targets: string[]; inside?: boolean };

/**
 * The layout of a laid-out chart: every state's box, every arrow's route and label (the labels of a
 * state's loop stacked, each arrow its own rows), the initial states' dots and arrows.
 */
export function placeLayout(
  graph: DiagramGraph,
  result: ElkNode,
  boxes: Map<string, Box>,
  routes: Map<string, Routed>,
  form: Pick<DiagramLayout, 'direction' | 'wrapped' | 'packing' | 'close'> & { nested?: boolean },
): DiagramLayout {
  const { wrapped } = form;
  const nodes = graph.nodes.map((node) => ({ node, ...boxes.get(node.id)! }));
  const placed = new Map<string, PlacedEdge>();
  for (const [key, group] of edgeGroups(graph)) {
    const { points, label, inside } = routes.get(key)!;
    // Stacked labels: each arrow of a state's loop gets its own rows of the shared label.
    let row = 0;
    for (const edge of group) {
      const lines = edgeLines(edge, wrapped);
      const own = label && {
        x: label.x,
        y: label.y + row * EDGE_LINE,
        width: Math.max(...lines.map((l) => textWidth(l, FONT_PX.edge))) + 8,
        height: lines.length * EDGE_LINE + 4,
      };
      row += lines.length;
      placed.set(edge.id, { edge, points, ...(own ? { label: own } : {}), ...(inside ? { inside } : {}) });
    }
  }
  const edges = graph.edges.map((edge) => placed.get(edge.id)!);
  const initials: InitialMark[] = [];
  for (const node of graph.nodes) {
    const dot = boxes.get(`${node.id}${INITIAL}`);
    const arrow = routes.get(`${node.id}${INITIAL}>`);
    if (dot && arrow) {
      const { points } = arrow;
      initials.push({ parent: node.id, target: arrow.targets[0], dot, points });
    }
  }
  return {
    graph,
    width: result.width ?? 0,
    height: result.height ?? 0,
    nodes,
    edges,
    initials,
    notes: guardNotes(graph),
    eventNotes: eventNotes(graph),
    ...form,
    lettered: graph.edges.some((e) => e.eventNote),
  };
}
