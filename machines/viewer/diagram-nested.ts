import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkNode, ElkPort } from 'elkjs/lib/elk-api';
import type { DiagramEdge, DiagramGraph, DiagramNode } from './diagram-graph';
import {
  absolute,
  type Box,
  CLOSE_BORDER,
  childrenOf,
  type DiagramLayout,
  type Direction,
  edgeGroups,
  edgeLabel,
  edgeLines,
  elkBox,
  headerWidth,
  INITIAL,
  isCompound,
  LOOPS,
  leafSize,
  type Offsets,
  placeLayout,
  type Routed,
  route,
} from './diagram-layout';

/**
 * The last way a chart is laid out, for one whose compound states nest so deep that no single
 * layered layout fits the window (diagram-fit.ts `formOrder`): ELK lays the whole chart in one
 * direction when its arrows cross the boxes' borders, so boxes stacked in boxes stack their headers
 * and their arrows' detours. Here each compound state is laid out on its own, inside out, in a
 * direction of its own — a box that holds boxes the chart's way, a box of simple states across it —
 * and its parent places it as one block. An arrow that crosses a box's border is cut there: each
 * piece is laid out in its own box, meeting the next at a port on the border, and the pieces are
 * joined again into one route, its label on the piece between the two boxes it links.
 */
const NESTED_OPTIONS = {
  'elk.algorithm': 'layered',
  'elk.hierarchyHandling': 'SEPARATE_CHILDREN',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.edgeLabels.placement': 'CENTER',
  // Each box's states placed to keep the arrows short and straight, which keeps the box small.
  'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
};
const PACKING = 'merged';
/** A loop on a box's top border, under its header: its width and depth. */
const LOOP = { width: 14, depth: 16, gap: 6 };

const other = (d: Direction): Direction => (d === 'DOWN' ? 'RIGHT' : 'DOWN');

/** The ids of a state and its ancestors, outermost first. */
function pathTo(byId: Map<string, DiagramNode>, id: string): string[] {
  const path: string[] = [];
  for (let at: string | undefined = id; at; at = byId.get(at)?.parent) path.unshift(at);
  return path;
}

/** Whether a chart has a box in a box in its own: a compound state two levels under the machine's. */
export function boxesInBoxes(graph: DiagramGraph): boolean {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const hasKids = new Set(graph.nodes.map((n) => n.parent));
  return graph.nodes.some((n) => hasKids.has(n.id) && pathTo(byId, n.id).length > 2);
}

/** The ELK graph of a chart laid out box by box: its boxes by state id, each with its ports and pieces. */
interface Nest {
  top: ElkNode;
  boxes: Map<string, ElkNode>;
  byId: Map<string, DiagramNode>;
  /** Each box's own loops, as their labels' lines (drawn in its header, `headerLoop`). */
  boxLoops: Map<string, string[]>;
}

/** Every compound state as an ELK graph of its own: its direction, its initial dot and arrow. */
function nestBoxes(graph: DiagramGraph, direction: Direction): Nest {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const children = childrenOf(graph);
  const boxes = new Map<string, ElkNode>();
  // A box's own loops (an event it handles without leaving, whichever state inside it is active)
  // are drawn in its header, not round the whole box: each would add a lane all round it.
  const boxLoops = new Map<string, string[]>();
  for (const [key, group] of edgeGroups(graph))
    if (key.endsWith(LOOPS) && (children.get(group[0].source) ?? []).length)
      boxLoops.set(
        group[0].source,
        group.flatMap((e) => edgeLines(e)),
      );
  const build = (node: DiagramNode): ElkNode => {
    const kids = children.get(node.id) ?? [];
    if (!isCompound(node) || !kids.length) return { id: node.id, ...leafSize(node, false) };
    const loops = boxLoops.get(node.id);
    const label = loops && edgeLabel(loops);
    const box = elkBox(
      node,
      kids.map(build),
      kids.some((k) => k.initial),
      PACKING,
      true,
      label ? headerWidth(node) + label.width + LOOP.width + 2 * LOOP.gap : 0,
      label ? label.height + 2 * LOOP.gap : 0,
    );
    const holdsBoxes = kids.some((k) => (children.get(k.id) ?? []).length);
    box.layoutOptions = {
      ...NESTED_OPTIONS,
      ...box.layoutOptions,
      'elk.direction': holdsBoxes ? direction : other(direction),
    };
    box.ports = [];
    box.edges = [];
    const initial = kids.find((k) => k.initial);
    if (initial)
      box.edges.push({
        id: `${node.id}${INITIAL}>`,
        sources: [`${node.id}${INITIAL}`],
        targets: [initial.id],
      });
    boxes.set(node.id, box);
    return box;
  };
  const root = graph.nodes.find((n) => !n.parent);
  if (!root) throw new Error('A machine has a root state');
  const margin = CLOSE_BORDER.drawing;
  const top: ElkNode = {
    id: '::diagram',
    children: [build(root)],
    edges: [],
    layoutOptions: {
      ...NESTED_OPTIONS,
      'elk.direction': direction,
      'elk.padding': `[top=${margin},left=${margin},bottom=${margin},right=${margin}]`,
    },
  };
  return { top, boxes, byId, boxLoops };
}

/** An arrow as the pieces ELK lays out, in order from its source to its target, each in its box. */
type Pieces = Map<string, { owner: ElkNode; edge: ElkExtendedEdge }[]>;

/**
 * Every arrow cut where it crosses a box's border: out of each box round its source, across the box
 * both lie in (its label there), into each box round its target. An arrow from a box to a state
 * inside it starts at a point of its own inside the box (`inside`), not at a port its border would
 * need lanes round it for. Returns the pieces and the arrows that start inside their box.
 */
function cutArrows(graph: DiagramGraph, { top, boxes, byId, boxLoops }: Nest) {
  const pieces: Pieces = new Map();
  const inside = new Set<string>();
  const boxOf = (id: string | undefined) => (id ? boxes.get(id)! : top);
  let ports = 0;
  const portOn = (id: string) => {
    const port: ElkPort = { id: `${id}::port${ports++}`, width: 0, height: 0 };
    boxes.get(id)!.ports!.push(port);
    return port.id;
  };
  const piece = (key: string, owner: ElkNode, id: string, from: string, to: string, label?: string[]) => {
    const edge: ElkExtendedEdge = {
      id,
      sources: [from],
      targets: [to],
      ...(label ? { labels: [edgeLabel(label)] } : {}),
    };
    owner.edges!.push(edge);
    pieces.set(key, [...(pieces.get(key) ?? []), { owner, edge }]);
  };
  for (const [key, group] of edgeGroups(graph)) {
    const { source, target } = group[0];
    if (boxLoops.has(source) && source === target) continue;
    const lines = group.flatMap((e: DiagramEdge) => edgeLines(e));
    if (source === target) {
      piece(key, boxOf(byId.get(source)?.parent), key, source, target, lines);
      continue;
    }
    const up = pathTo(byId, source);
    const down = pathTo(byId, target);
    let common = 0;
    while (common < up.length && common < down.length && up[common] === down[common]) common++;
    const shared = up[common - 1];
    let from = source;
    if (source === shared) {
      inside.add(key);
      from = `${key}::from`;
      boxes.get(source)!.children!.push({ id: from, width: 4, height: 4 });
    } else
      for (let i = up.length - 2; i >= common; i--) {
        const port = portOn(up[i]);
        piece(key, boxes.get(up[i])!, `${key}::out${i}`, from, port);
        from = port;
      }
    const inward: [string, string][] = [];
    let to = target;
    if (target === shared) to = portOn(target);
    else
      for (let i = down.length - 2; i >= common; i--) {
        const port = portOn(down[i]);
        inward.unshift([down[i], to]);
        to = port;
      }
    piece(key, boxOf(shared), key, from, to, lines);
    let entry = to;
    for (const [box, next] of inward) {
      piece(key, boxes.get(box)!, `${key}::in${box}`, entry, next);
      entry = next;
    }
  }
  return { pieces, inside };
}

/** The chart laid out box by box (above), `direction` the way its boxes of boxes run. */
export async function layoutNested(graph: DiagramGraph, direction: Direction): Promise<DiagramLayout> {
  const nest = nestBoxes(graph, direction);
  const { pieces, inside } = cutArrows(graph, nest);
  const result = await new ELK().layout(nest.top);
  const offsets: Offsets = new Map();
  const placedBoxes = new Map<string, Box>();
  absolute(result, 0, 0, offsets, placedBoxes);
  const laid = new Map<string, ElkExtendedEdge>();
  const collect = (node: ElkNode) => {
    for (const edge of node.edges ?? []) laid.set(edge.id, edge);
    for (const child of node.children ?? []) collect(child);
  };
  collect(result);
  // A piece's route is in the coordinates of the box it was given to.
  const routeIn = (owner: ElkNode, id: string) =>
    route({ ...laid.get(id)!, container: owner.id } as ElkExtendedEdge, offsets);
  const routes = new Map<string, Routed>();
  for (const [id, box] of nest.boxes)
    if (box.edges?.some((e) => e.id === `${id}${INITIAL}>`))
      routes.set(`${id}${INITIAL}>`, {
        ...routeIn(box, `${id}${INITIAL}>`),
        targets: laid.get(`${id}${INITIAL}>`)!.targets,
      });
  // The pieces joined again, each starting where the one before it ended, at a port.
  for (const [key, list] of pieces) {
    const points: Routed['points'] = [];
    let label: Routed['label'];
    for (const { owner, edge } of list) {
      const laidOut = routeIn(owner, edge.id);
      const last = points[points.length - 1];
      const [first, ...rest] = laidOut.points;
      points.push(
        ...(last && first && Math.hypot(last.x - first.x, last.y - first.y) < 1 ? rest : laidOut.points),
      );
      label ??= laidOut.label;
    }
    routes.set(key, { points, label, targets: [], ...(inside.has(key) ? { inside: true } : {}) });
  }
  for (const [id, lines] of nest.boxLoops)
    routes.set(`${id}${LOOPS}`, headerLoop(placedBoxes.get(id)!, lines));
  return placeLayout(graph, result, placedBoxes, routes, {
    direction,
    wrapped: false,
    packing: PACKING,
    close: true,
    nested: true,
  });
}

/** A box's own loop: hung from its top border at the right, its labels to its left, in the header. */
function headerLoop(box: Box, lines: string[]): Routed {
  const label = edgeLabel(lines);
  const right = box.x + box.width - CLOSE_BORDER.inset - LOOP.gap;
  const left = right - LOOP.width;
  const bottom = box.y + LOOP.depth;
  return {
    points: [
      { x: right, y: box.y },
      { x: right, y: bottom },
      { x: left, y: bottom },
      { x: left, y: box.y },
    ],
    label: {
      x: left - LOOP.gap - label.width,
      y: box.y + LOOP.gap,
      width: label.width,
      height: label.height,
    },
    targets: [],
  };
}
