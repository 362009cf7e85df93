import { drawLane } from './diagram-chains';
import { type GuardNote, guardMark } from './diagram-graph';
import {
  type DiagramLayout,
  EDGE_LINE,
  edgeLines,
  eventLines,
  FONT_PX,
  guardLines,
  LINE,
  type PlacedEdge,
  type PlacedNode,
  serviceLine,
  stateLabel,
  stateLines,
  tagLine,
  textWidth,
} from './diagram-layout';

/** The tag of a state where a person's decision is awaited: drawn as a badge, and named in the legend. */
export const AWAITING_TAG = 'awaitingDecision';

/** What to emphasise: states visited and transitions taken (a replay), and the states it is in now. */
export interface DiagramHighlight {
  states: string[];
  transitions: string[];
  current?: string[];
}

const FONT = 'PingFang SC, Microsoft YaHei, Noto Sans CJK SC, Helvetica, Arial, sans-serif';
/** The drawing's colours, shared with the legend so the two always agree. */
export const COLOR = {
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
  guard: '#1d4ed8',
  awaiting: '#b45309',
};

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const n = (v: number) => Math.round(v * 10) / 10;

function title(lines: (string | undefined)[]) {
  return `<title>${escapeXml(lines.filter(Boolean).join('\n'))}</title>`;
}

/**
 * The first line of a label broken over two, with the space it was broken at kept at its end: the
 * text still reads as the label's words (copied, or read aloud), not run together.
 */
const keepSpace = (whole: string, first: string) => (whole.startsWith(`${first} `) ? `${first} ` : first);

function drawNode(placed: PlacedNode, visited: boolean, current: boolean, wrapped: boolean): string {
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
    title([node.name, node.description]),
    `<rect x="${n(x)}" y="${n(y)}" width="${n(width)}" height="${n(height)}" rx="10" fill="${fill}" stroke="${stroke}" stroke-width="${strokeWidth}"${dash}/>`,
  ];
  if (node.type === 'final') {
    parts.push(
      `<rect x="${n(x + 4)}" y="${n(y + 4)}" width="${n(width - 8)}" height="${n(height - 8)}" rx="7" fill="none" stroke="${stroke}" stroke-width="${strokeWidth}"/>`,
    );
  }
  const label = stateLabel(node);
  // A state awaiting a person's decision says so in its tag colour, the one the legend shows.
  const awaiting = node.tags.includes(AWAITING_TAG);
  const extra = [
    { text: serviceLine(node), color: COLOR.muted, tag: false },
    { text: tagLine(node), color: awaiting ? COLOR.awaiting : COLOR.muted, tag: true },
  ].filter((line) => line.text);
  const detail = (line: (typeof extra)[number], at: string) =>
    `<text${line.tag ? ' class="wf-tag-line"' : ''} ${at} font-size="${FONT_PX.detail}" fill="${line.color}"${line.tag && awaiting ? ' font-weight="600"' : ''}>${escapeXml(line.text)}</text>`;
  if (isBox) {
    parts.push(
      `<text class="wf-label" x="${n(x + 12)}" y="${n(y + 24)}" font-size="${FONT_PX.heading}" font-weight="600" fill="${COLOR.text}">${escapeXml(label)}</text>`,
    );
    extra.forEach((line, i) => {
      parts.push(detail(line, `x="${n(x + 12)}" y="${n(y + 24 + (i + 1) * LINE)}"`));
    });
  } else {
    // The name sits in the middle of the box, the detail lines below it.
    // A long name broken over two lines is one text, its second line a tspan under the first.
    const name = stateLines(node, wrapped);
    const rows = name.length - 1 + extra.length;
    const top = y + height / 2 - (rows * LINE) / 2 + FONT_PX.state * 0.35;
    const cx = n(x + width / 2);
    const more = name
      .slice(1)
      .map((l) => `<tspan x="${cx}" dy="${LINE}">${escapeXml(l)}</tspan>`)
      .join('');
    parts.push(
      `<text class="wf-label" x="${cx}" y="${n(top)}" text-anchor="middle" font-size="${FONT_PX.state}" fill="${COLOR.text}">${escapeXml(name.length > 1 ? keepSpace(label, name[0]) : name[0])}${more}</text>`,
    );
    extra.forEach((line, i) => {
      parts.push(
        detail(line, `x="${cx}" y="${n(top + (name.length - 1 + i + 1) * LINE)}" text-anchor="middle"`),
      );
    });
  }
  parts.push('</g>');
  return parts.join('');
}

const pathOf = (points: { x: number; y: number }[]) =>
  points.map((p, i) => `${i ? 'L' : 'M'}${n(p.x)},${n(p.y)}`).join(' ');

function drawEdge(placed: PlacedEdge, taken: boolean, wrapped: boolean): string {
  const { edge, points, label } = placed;
  const classes = ['wf-transition'];
  if (edge.eventless) classes.push('wf-eventless');
  if (taken) classes.push('is-taken');
  const color = taken ? COLOR.taken : COLOR.edge;
  const dash = edge.eventless ? ' stroke-dasharray="5 3"' : '';
  const parts = [
    `<g class="${classes.join(' ')}" data-transition-id="${escapeXml(edge.transition)}" data-edge-id="${escapeXml(edge.id)}" data-source="${escapeXml(edge.source)}" data-target="${escapeXml(edge.target)}">`,
    // The tooltip writes a lettered event out; a numbered guard keeps its mark (its words are the legend's).
    title([edgeLines({ ...edge, eventNote: undefined }).join(' '), edge.description]),
  ];
  if (points.length > 1) {
    parts.push(
      `<path d="${pathOf(points)}" fill="none" stroke="${color}" stroke-width="${taken ? 2.6 : 1.3}"${dash} marker-end="url(#wf-arrow${taken ? '-taken' : ''})"/>`,
    );
    // A box's own arrow to a state inside it starts inside the box: a ring marks where.
    if (placed.inside)
      parts.push(
        `<circle class="wf-from-box" cx="${n(points[0].x)}" cy="${n(points[0].y)}" r="3.5" fill="${COLOR.compoundFill}" stroke="${color}" stroke-width="1.3"/>`,
      );
  }
  if (label) {
    // A numbered guard's mark follows the event, in the guard colour; its words are in the notes.
    const mark = edge.guardNote
      ? ` <tspan class="wf-guard-mark" fill="${COLOR.guard}" font-weight="600">${escapeXml(guardMark(edge.guardNote))}</tspan>`
      : '';
    // A long event or guard broken over two lines is one text, its second line a tspan under the first.
    const lx = n(label.x + 4);
    const lines = (whole: string, texts: string[]) =>
      escapeXml(keepSpace(whole, texts[0])) +
      texts
        .slice(1)
        .map((l) => `<tspan x="${lx}" dy="${EDGE_LINE}">${escapeXml(l)}</tspan>`)
        .join('');
    const events = eventLines(edge, wrapped);
    const guards = guardLines(edge, wrapped);
    parts.push(
      `<rect x="${n(label.x)}" y="${n(label.y)}" width="${n(label.width)}" height="${n(label.height)}" rx="3" fill="#ffffff" fill-opacity="0.9"/>`,
      `<text class="wf-event-text" x="${lx}" y="${n(label.y + EDGE_LINE - 1)}" font-size="${FONT_PX.edge}" fill="${taken ? COLOR.taken : COLOR.text}"${taken ? ' font-weight="600"' : ''}>${lines(edge.eventText, events)}${mark}</text>`,
    );
    // The guard under the event, in the guard colour the legend names.
    if (guards.length)
      parts.push(
        `<text class="wf-guard-text" x="${lx}" y="${n(label.y + (events.length + 1) * EDGE_LINE - 1)}" font-size="${FONT_PX.edge}" fill="${COLOR.guard}">${lines(edge.guardText ?? '', guards)}</text>`,
      );
  }
  parts.push('</g>');
  return parts.join('');
}

function marker(id: string, color: string) {
  return `<marker id="${id}" viewBox="0 0 10 10" refX="9" refY="5" markerUnits="userSpaceOnUse" markerWidth="10" markerHeight="10" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${color}"/></marker>`;
}

const NOTES_GAP = 12;

/** The titles of the lists under an exported chart: its numbered guards, and its lettered events. */
export interface NotesTitles {
  guards: string;
  events?: string;
}

/** The lists drawn under the chart: each with its title, where the chart has any and a title is given. */
function noteLists(layout: DiagramLayout, titles?: string | NotesTitles) {
  const given = typeof titles === 'string' ? { guards: titles } : titles;
  const lists: { title: string; notes: GuardNote[]; kind: 'guard' | 'event' }[] = [];
  if (given?.guards && layout.notes.length)
    lists.push({ title: given.guards, notes: layout.notes, kind: 'guard' });
  if (given?.events && layout.eventNotes.length)
    lists.push({ title: given.events, notes: layout.eventNotes, kind: 'event' });
  return lists;
}

const listHeight = (notes: GuardNote[]) => NOTES_GAP + (notes.length + 1) * EDGE_LINE + 8;

/**
 * The size of the drawing: the chart, and under it, where titles for them are given, its numbered
 * guards and lettered events in words (an exported chart says its rules without the page's legend).
 */
export function drawnSize(
  layout: DiagramLayout,
  titles?: string | NotesTitles,
): { width: number; height: number } {
  const lists = noteLists(layout, titles);
  const widest = Math.max(
    0,
    ...lists.flatMap((l) => [
      textWidth(l.title, FONT_PX.heading),
      ...l.notes.map((note) => textWidth(`${note.mark} ${note.text}`, FONT_PX.edge)),
    ]),
  );
  return {
    width: Math.ceil(Math.max(layout.width, lists.length ? widest + 24 : 0)),
    height: Math.ceil(layout.height + lists.reduce((h, l) => h + listHeight(l.notes), 0)),
  };
}

function drawNotes(layout: DiagramLayout, titles?: string | NotesTitles): string {
  const left = 12;
  let top = layout.height + NOTES_GAP;
  return noteLists(layout, titles)
    .map(({ title, notes, kind }) => {
      const color = kind === 'guard' ? COLOR.guard : COLOR.text;
      const lines = notes.map(
        (note, i) =>
          `<text class="wf-${kind}-note" x="${left}" y="${n(top + (i + 2) * EDGE_LINE - 4)}" font-size="${FONT_PX.edge}" fill="${COLOR.text}"><tspan fill="${color}" font-weight="600">${escapeXml(note.mark)}</tspan> ${escapeXml(note.text)}</text>`,
      );
      const drawn = [
        `<g class="wf-${kind}-notes">`,
        `<text x="${left}" y="${n(top + EDGE_LINE - 4)}" font-size="${FONT_PX.edge}" font-weight="600" fill="${COLOR.text}">${escapeXml(title)}</text>`,
        ...lines,
        '</g>',
      ].join('');
      top += listHeight(notes);
      return drawn;
    })
    .join('');
}

/**
 * The laid-out diagram as a standalone SVG document (styles inline, so an exported file looks the
 * same). Given `notesTitle`, a chart whose guards are numbered (and events lettered) lists them in
 * words under it.
 */
export function drawSvg(
  layout: DiagramLayout,
  highlight?: DiagramHighlight,
  notesTitle?: string | NotesTitles,
): string {
  const visited = new Set(highlight?.states ?? []);
  const current = new Set(highlight?.current ?? []);
  const taken = new Set(highlight?.transitions ?? []);
  const { width, height } = drawnSize(layout, notesTitle);
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
      drawNode(
        p,
        !!p.node.parent && visited.has(p.node.id),
        !!p.node.parent && current.has(p.node.id),
        layout.wrapped,
      ),
    ),
    '</g><g class="wf-initials">',
    ...initials,
    '</g><g class="wf-transitions">',
    ...layout.edges.map((p) => drawEdge(p, taken.has(p.edge.transition), layout.wrapped)),
    '</g>',
    layout.lane ? drawLane(layout.lane, COLOR) : '',
    drawNotes(layout, notesTitle),
    '</svg>',
  ].join('');
}
