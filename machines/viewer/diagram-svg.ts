import {
  type DiagramLayout,
  FONT_PX,
  LINE,
  type PlacedEdge,
  type PlacedNode,
  tagLine,
} from './diagram-layout';

/** What to emphasise: states visited and transitions taken (a replay), and the states it is in now. */
export interface DiagramHighlight {
  states: string[];
  transitions: string[];
  current?: string[];
}

const FONT = 'PingFang SC, Microsoft YaHei, Noto Sans CJK SC, Helvetica, Arial, sans-serif';
const COLOR = {
  stroke: '#64748b',
  fill: '#ffffff',
  compoundFill: '#f8fafc',
  visitedFill: '#e0f2fe',
  visitedStroke: '#0284c7',
  currentFill: '#bfdbfe',
  currentStroke: '#1d4ed8',
  edge: '#475569',
  taken: '#ea580c',
  text: '#0f172a',
  muted: '#64748b',
};

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const n = (v: number) => Math.round(v * 10) / 10;

function title(lines: (string | undefined)[]) {
  return `<title>${escapeXml(lines.filter(Boolean).join('\n'))}</title>`;
}

function drawNode(placed: PlacedNode, visited: boolean, current: boolean): string {
  const { node, x, y, width, height } = placed;
  const isBox = node.type === 'compound' || node.type === 'parallel';
  const classes = ['wf-state', `wf-${node.type}`];
  if (node.region) classes.push('wf-region');
  if (visited) classes.push('is-visited');
  if (current) classes.push('is-current');
  // A compound state only outlines its highlight: a filled box would drown the states inside it.
  const fill = isBox
    ? COLOR.compoundFill
    : current
      ? COLOR.currentFill
      : visited
        ? COLOR.visitedFill
        : COLOR.fill;
  const stroke = current ? COLOR.currentStroke : visited ? COLOR.visitedStroke : COLOR.stroke;
  const strokeWidth = current ? 3 : visited ? 2 : 1.4;
  const dash = node.region ? ' stroke-dasharray="6 4"' : '';
  const parts = [
    `<g class="${classes.join(' ')}" data-state-id="${escapeXml(node.id)}" data-kind="${node.type}">`,
    title([node.id, node.type === 'final' ? '(final)' : undefined, node.description]),
    `<rect x="${n(x)}" y="${n(y)}" width="${n(width)}" height="${n(height)}" rx="10" fill="${fill}" stroke="${stroke}" stroke-width="${strokeWidth}"${dash}/>`,
  ];
  if (node.type === 'final') {
    parts.push(
      `<rect x="${n(x + 4)}" y="${n(y + 4)}" width="${n(width - 8)}" height="${n(height - 8)}" rx="7" fill="none" stroke="${stroke}" stroke-width="${strokeWidth}"/>`,
    );
  }
  const label =
    node.type === 'parallel' ? `${node.key} ∥` : node.type === 'history' ? `H ${node.key}` : node.key;
  const extra = [node.invokes.length ? `⟳ ${node.invokes.join(', ')}` : '', tagLine(node)].filter(Boolean);
  if (isBox) {
    parts.push(
      `<text class="wf-label" x="${n(x + 14)}" y="${n(y + 26)}" font-size="${FONT_PX.heading}" font-weight="600" fill="${COLOR.text}">${escapeXml(label)}</text>`,
    );
    extra.forEach((line, i) => {
      parts.push(
        `<text x="${n(x + 14)}" y="${n(y + 26 + (i + 1) * LINE)}" font-size="${FONT_PX.detail}" fill="${COLOR.muted}">${escapeXml(line)}</text>`,
      );
    });
  } else {
    // The name sits in the middle of the box, the detail lines below it.
    const top = y + height / 2 - (extra.length * LINE) / 2 + FONT_PX.state * 0.35;
    parts.push(
      `<text class="wf-label" x="${n(x + width / 2)}" y="${n(top)}" text-anchor="middle" font-size="${FONT_PX.state}" fill="${COLOR.text}">${escapeXml(label)}</text>`,
    );
    extra.forEach((line, i) => {
      parts.push(
        `<text x="${n(x + width / 2)}" y="${n(top + (i + 1) * LINE)}" text-anchor="middle" font-size="${FONT_PX.detail}" fill="${COLOR.muted}">${escapeXml(line)}</text>`,
      );
    });
  }
  parts.push('</g>');
  return parts.join('');
}

const pathOf = (points: { x: number; y: number }[]) =>
  points.map((p, i) => `${i ? 'L' : 'M'}${n(p.x)},${n(p.y)}`).join(' ');

function drawEdge(placed: PlacedEdge, taken: boolean): string {
  const { edge, points, label } = placed;
  const classes = ['wf-transition'];
  if (edge.eventless) classes.push('wf-eventless');
  if (taken) classes.push('is-taken');
  const color = taken ? COLOR.taken : COLOR.edge;
  const dash = edge.eventless ? ' stroke-dasharray="5 3"' : '';
  const parts = [
    `<g class="${classes.join(' ')}" data-transition-id="${escapeXml(edge.transition)}" data-edge-id="${escapeXml(edge.id)}" data-source="${escapeXml(edge.source)}" data-target="${escapeXml(edge.target)}">`,
    title([edge.label, `${edge.source} → ${edge.target}`, edge.description]),
  ];
  if (points.length > 1) {
    parts.push(
      `<path d="${pathOf(points)}" fill="none" stroke="${color}" stroke-width="${taken ? 2.6 : 1.3}"${dash} marker-end="url(#wf-arrow${taken ? '-taken' : ''})"/>`,
    );
  }
  if (label) {
    parts.push(
      `<rect x="${n(label.x)}" y="${n(label.y)}" width="${n(label.width)}" height="${n(label.height)}" rx="3" fill="#ffffff" fill-opacity="0.9"/>`,
      `<text x="${n(label.x + 4)}" y="${n(label.y + label.height - 5)}" font-size="${FONT_PX.edge}" fill="${taken ? COLOR.taken : COLOR.text}"${taken ? ' font-weight="600"' : ''}>${escapeXml(edge.label)}</text>`,
    );
  }
  parts.push('</g>');
  return parts.join('');
}

function marker(id: string, color: string) {
  return `<marker id="${id}" viewBox="0 0 10 10" refX="9" refY="5" markerUnits="userSpaceOnUse" markerWidth="10" markerHeight="10" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${color}"/></marker>`;
}

/** The laid-out diagram as a standalone SVG document (styles inline, so an exported file looks the same). */
export function drawSvg(layout: DiagramLayout, highlight?: DiagramHighlight): string {
  const visited = new Set(highlight?.states ?? []);
  const current = new Set(highlight?.current ?? []);
  const taken = new Set(highlight?.transitions ?? []);
  const width = Math.ceil(layout.width);
  const height = Math.ceil(layout.height);
  const initials = layout.initials.map(
    (mark) =>
      `<g class="wf-initial" data-initial-of="${escapeXml(mark.parent)}"><circle cx="${n(mark.dot.x + mark.dot.width / 2)}" cy="${n(mark.dot.y + mark.dot.height / 2)}" r="5" fill="${COLOR.text}"/>` +
      `<path d="${pathOf(mark.points)}" fill="none" stroke="${COLOR.text}" stroke-width="1.3" marker-end="url(#wf-arrow-initial)"/></g>`,
  );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" class="wf-diagram" data-machine="${escapeXml(layout.graph.id)}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT}">`,
    `<defs>${marker('wf-arrow', COLOR.edge)}${marker('wf-arrow-taken', COLOR.taken)}${marker('wf-arrow-initial', COLOR.text)}</defs>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    '<g class="wf-states">',
    // The root box is the machine itself: it is always "visited", so it is never marked.
    ...layout.nodes.map((p) =>
      drawNode(p, !!p.node.parent && visited.has(p.node.id), !!p.node.parent && current.has(p.node.id)),
    ),
    '</g><g class="wf-initials">',
    ...initials,
    '</g><g class="wf-transitions">',
    ...layout.edges.map((p) => drawEdge(p, taken.has(p.edge.transition))),
    '</g></svg>',
  ].join('');
}
