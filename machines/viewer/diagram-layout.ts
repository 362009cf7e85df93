import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { DiagramEdge, DiagramGraph, DiagramNode } from './diagram-graph';

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
}

/**
 * Font sizes of the drawing, in SVG units. A chart is fitted whole to its panel (diagram-fit.ts), so
 * the drawn size is what zooming to 100 % shows: none is set small merely to save room.
 */
export const FONT_PX = { heading: 16, state: 16, detail: 14, edge: 14 } as const;
const NODE_HEIGHT = 36;
/** The height of a line of detail text (services, tags). */
export const LINE = 18;

/** Text width for layout: Latin characters are about 0.55 em, CJK a full em. */
export function textWidth(text: string, fontPx: number = FONT_PX.state): number {
  let em = 0;
  for (const ch of text) em += /[\u2e80-\uffff]/.test(ch) ? 1 : 0.54;
  return Math.ceil(em * fontPx);
}

const INITIAL = '::initial';

/** A state's tags as drawn under its name, in words. */
export const tagLine = (node: DiagramNode) => node.tagWords.join(' · ');
/** The services a state invokes, as drawn under its name. */
export const serviceLine = (node: DiagramNode) =>
  node.invokeWords.length ? `⟳ ${node.invokeWords.join('、')}` : '';
/** The lines of detail under a state's name. */
export const detailLines = (node: DiagramNode) => [serviceLine(node), tagLine(node)].filter(Boolean);
/** A state's name as drawn: a parallel state is marked ∥, a history state H. */
export const stateLabel = (node: DiagramNode) =>
  node.type === 'parallel' ? `${node.name} ∥` : node.type === 'history' ? `H ${node.name}` : node.name;
/** The lines of an arrow's label: the event, then its guard's short form. */
export const edgeLines = (edge: DiagramEdge) => [edge.eventText, ...(edge.guardText ? [edge.guardText] : [])];
/** The height of one line of an arrow's label. */
export const EDGE_LINE = FONT_PX.edge + 4;
const isCompound = (n: DiagramNode) => n.type === 'compound' || n.type === 'parallel';

function leafSize(node: DiagramNode) {
  const details = detailLines(node);
  const width = Math.max(
    88,
    textWidth(stateLabel(node)) + 28,
    ...details.map((l) => textWidth(l, FONT_PX.detail) + 24),
  );
  const height = NODE_HEIGHT + details.length * LINE;
  return { width, height };
}

function toElk(graph: DiagramGraph): ElkNode {
  const children = new Map<string, DiagramNode[]>();
  for (const node of graph.nodes) {
    if (node.parent) children.set(node.parent, [...(children.get(node.parent) ?? []), node]);
  }
  const build = (node: DiagramNode): ElkNode => {
    const kids = children.get(node.id) ?? [];
    if (!isCompound(node) || kids.length === 0) return { id: node.id, ...leafSize(node) };
    const details = detailLines(node);
    const header = Math.max(
      textWidth(stateLabel(node), FONT_PX.heading) + 32,
      ...details.map((l) => textWidth(l, FONT_PX.detail) + 28),
      100,
    );
    const initial = kids.find((k) => k.initial);
    return {
      id: node.id,
      labels: [{ text: node.name, width: header, height: LINE }],
      layoutOptions: {
        'elk.padding': `[top=${36 + details.length * LINE},left=12,bottom=12,right=12]`,
        'elk.nodeLabels.placement': 'INSIDE V_TOP H_LEFT',
        'elk.nodeSize.constraints': 'MINIMUM_SIZE NODE_LABELS',
        'elk.nodeSize.minimum': `(${header},60)`,
      },
      children: [
        ...(initial ? [{ id: `${node.id}${INITIAL}`, width: 12, height: 12 }] : []),
        ...kids.map(build),
      ],
    };
  };
  const root = graph.nodes.find((n) => !n.parent);
  if (!root) throw new Error('A machine has a root state');
  const elk = build(root);
  const edges: ElkExtendedEdge[] = graph.edges.map((edge) => ({
    id: edge.id,
    sources: [edge.source],
    targets: [edge.target],
    labels: [
      {
        text: edgeLines(edge).join('\n'),
        width: Math.max(...edgeLines(edge).map((l) => textWidth(l, FONT_PX.edge))) + 8,
        height: edgeLines(edge).length * EDGE_LINE + 4,
      },
    ],
  }));
  for (const node of graph.nodes) {
    const initial = (children.get(node.id) ?? []).find((k) => k.initial);
    if (initial && isCompound(node)) {
      edges.push({ id: `${node.id}${INITIAL}>`, sources: [`${node.id}${INITIAL}`], targets: [initial.id] });
    }
  }
  return { id: '::diagram', children: [elk], edges };
}

type Offsets = Map<string, { x: number; y: number }>;

function absolute(node: ElkNode, ox: number, oy: number, offsets: Offsets, boxes: Map<string, Box>) {
  const x = ox + (node.x ?? 0);
  const y = oy + (node.y ?? 0);
  offsets.set(node.id, { x, y });
  boxes.set(node.id, { x, y, width: node.width ?? 0, height: node.height ?? 0 });
  for (const child of node.children ?? []) absolute(child, x, y, offsets, boxes);
}

function route(edge: ElkExtendedEdge, offsets: Offsets) {
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
): Promise<DiagramLayout> {
  const elkGraph = toElk(graph);
  elkGraph.layoutOptions = {
    'elk.algorithm': 'layered',
    'elk.direction': direction,
    'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
    'elk.edgeRouting': 'ORTHOGONAL',
    'elk.edgeLabels.placement': 'CENTER',
    // Compact: the whole chart is fitted to the panel, so every pixel of spacing shrinks the text.
    'elk.spacing.nodeNode': '20',
    'elk.layered.spacing.nodeNodeBetweenLayers': '32',
    'elk.spacing.edgeLabel': '2',
    'elk.spacing.edgeNode': '10',
    'elk.spacing.edgeEdge': '8',
    'elk.layered.spacing.edgeNodeBetweenLayers': '10',
    'elk.layered.spacing.edgeEdgeBetweenLayers': '8',
    'elk.padding': '[top=8,left=8,bottom=8,right=8]',
  };
  const result = await new ELK().layout(elkGraph);
  const offsets: Offsets = new Map();
  const boxes = new Map<string, Box>();
  absolute(result, 0, 0, offsets, boxes);
  const byId = new Map((result.edges ?? []).map((e) => [e.id, e]));
  const nodes = graph.nodes.map((node) => ({ node, ...boxes.get(node.id)! }));
  const edges = graph.edges.map((edge) => ({ edge, ...route(byId.get(edge.id)!, offsets) }));
  const initials: InitialMark[] = [];
  for (const node of graph.nodes) {
    const dot = boxes.get(`${node.id}${INITIAL}`);
    const arrow = byId.get(`${node.id}${INITIAL}>`);
    if (dot && arrow)
      initials.push({ parent: node.id, target: arrow.targets[0], dot, ...route(arrow, offsets) });
  }
  return { graph, width: result.width ?? 0, height: result.height ?? 0, nodes, edges, initials };
}
