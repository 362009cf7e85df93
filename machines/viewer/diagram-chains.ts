import { READABLE_SCALE, type Room } from './diagram-fit';
import { type DiagramLayout, EDGE_LINE, FONT_PX, textWidth } from './diagram-layout';

/**
 * A workflow's approval chains as its configuration holds them now, in the reader's words (the view
 * builds them from `/workflowStream/chains`): when each applies, and its steps in order, each by its
 * role and who holds it (the person the step names, else the role's people).
 */
export interface ChainLane {
  title: string;
  chains: { when: string; steps: { role: string; holders: string }[] }[];
}

/** Where the lane goes: under the states, or beside them (to their right) where under would be too tall. */
export type LaneSide = 'under' | 'beside';

/** The lane as placed by the chart: where it starts, its size, and where each chain's block is. */
export interface PlacedLane extends ChainLane {
  side: LaneSide;
  left: number;
  top: number;
  width: number;
  height: number;
  /** Each chain's block (its condition over its steps), in the chart's coordinates. */
  blocks: { x: number; y: number }[];
}

const PAD = 12;
const GAP = 16;
/** Between two rows of blocks. */
const ROW_GAP = 10;
/** Where the first block starts, under the lane's title. */
const FIRST_ROW = EDGE_LINE + 12;
/** An arrow between two steps. */
const ARROW = 22;
const STEP_HEIGHT = 2 * EDGE_LINE + 8;
/** A chain's block: its condition, then its steps. */
const BLOCK = EDGE_LINE + 6 + STEP_HEIGHT;

const stepWidth = (step: { role: string; holders: string }) =>
  Math.max(textWidth(step.role, FONT_PX.edge), textWidth(step.holders, FONT_PX.edge)) + 20;
const blockWidth = (chain: ChainLane['chains'][number]) =>
  Math.max(
    textWidth(chain.when, FONT_PX.edge),
    chain.steps.reduce((w, s, i) => w + stepWidth(s) + (i ? ARROW : 0), 0),
  );

/**
 * The lane under the chart: a title, then the chains' blocks side by side, wrapped onto another row
 * where the chart's width (or the widest block) ends, so many chains take a few rows, not one each.
 */
export function placeLane(lane: ChainLane, top: number, chartWidth: number): PlacedLane {
  const widths = lane.chains.map(blockWidth);
  const title = textWidth(lane.title, FONT_PX.heading);
  const room = Math.max(chartWidth, title, ...widths) - 2 * PAD;
  const blocks: { x: number; y: number }[] = [];
  let x = 0;
  let y = FIRST_ROW;
  let right = 0;
  widths.forEach((w) => {
    if (x > 0 && x + w > room) {
      x = 0;
      y += BLOCK + ROW_GAP;
    }
    blocks.push({ x: PAD + x, y: top + y });
    right = Math.max(right, x + w);
    x += w + GAP;
  });
  return {
    ...lane,
    side: 'under',
    left: 0,
    top,
    width: 2 * PAD + Math.max(right, title),
    height: y + BLOCK + PAD,
    blocks,
  };
}

/**
 * The lane beside the chart, from `left`: the chains' blocks one under another, in columns as tall as
 * the chart (a block per column at least), so a wide, low chart with many chains keeps its height.
 */
export function placeLaneBeside(lane: ChainLane, left: number, chartHeight: number): PlacedLane {
  const widths = lane.chains.map(blockWidth);
  const title = textWidth(lane.title, FONT_PX.heading);
  const blocks: { x: number; y: number }[] = [];
  let x = 0;
  let y = FIRST_ROW;
  let column = 0;
  let bottom = 0;
  widths.forEach((w) => {
    if (y > FIRST_ROW && y + BLOCK + PAD > chartHeight) {
      x += column + GAP;
      column = 0;
      y = FIRST_ROW;
    }
    blocks.push({ x: left + PAD + x, y });
    column = Math.max(column, w);
    bottom = Math.max(bottom, y + BLOCK);
    y += BLOCK + ROW_GAP;
  });
  return {
    ...lane,
    side: 'beside',
    left,
    top: 0,
    width: 2 * PAD + Math.max(x + column, title),
    height: bottom + PAD,
    blocks,
  };
}

/**
 * Where a lane goes and how far it may spread: under the states, its rows wrapping at `extent` (the
 * chart's width at least), or beside them, its columns as tall as `extent` (the chart's height at least).
 */
export interface LanePlace {
  side: LaneSide;
  extent?: number;
}

/**
 * The chart with its approval chains drawn as part of it, in a lane under its states or beside them:
 * the chart's "current approver" made concrete. Fitting, the screen and the exported SVG and PNG all
 * take its size, so the lane is never cut off nor scrolled to. Without chains, the chart as it is.
 */
export function withChains<T extends DiagramLayout>(
  layout: T,
  lane?: ChainLane,
  place: LanePlace = { side: 'under' },
): T {
  if (!lane?.chains.length) return layout;
  if (place.side === 'beside') {
    const placed = placeLaneBeside(lane, layout.width, Math.max(layout.height, place.extent ?? 0));
    return {
      ...layout,
      width: layout.width + placed.width,
      height: Math.max(layout.height, placed.height),
      lane: placed,
    };
  }
  const placed = placeLane(lane, layout.height, Math.max(layout.width, place.extent ?? 0));
  return {
    ...layout,
    width: Math.max(layout.width, placed.width),
    height: layout.height + placed.height,
    lane: placed,
  };
}

/**
 * The places a lane is tried in, in turn: under the states as wide as they are; under them as wide
 * as the panel (beside the details, then the page's width) lets the chart be at a readable size, so
 * many chains take fewer rows; beside them as tall as they are; beside them as tall as the panel lets.
 */
export function lanePlaces(room?: Room): LanePlace[] {
  const readable = (px: number) => Math.floor(px / READABLE_SCALE);
  const widths = room && room.width > 0 ? [room.width, ...(room.wide ? [room.wide] : [])] : [];
  return [
    { side: 'under' },
    ...widths.map((w) => ({ side: 'under' as const, extent: readable(w) })),
    { side: 'beside' },
    ...(room && room.height > 0 ? [{ side: 'beside' as const, extent: readable(room.height) }] : []),
  ];
}

/**
 * Each layout with its chains drawn, for the viewer to choose from (diagram-fit.ts `chooseChart`), in
 * every place `lanePlaces` gives, one layout after another: a layout keeps its words on the arrows
 * rather than the lane its place under the states.
 */
export const withChainSides = <T extends DiagramLayout>(layouts: T[], lane?: ChainLane, room?: Room): T[] =>
  lane?.chains.length
    ? layouts.flatMap((l) => lanePlaces(room).map((place) => withChains(l, lane, place)))
    : layouts;

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const n = (v: number) => Math.round(v * 10) / 10;

/** The lane in SVG: its title, and each chain's condition over its steps, boxes joined by arrows, role over holders. */
export function drawLane(lane: PlacedLane, color: { stroke: string; text: string; muted: string }): string {
  const text = (x: number, y: number, s: string, extra = '') =>
    `<text x="${n(x)}" y="${n(y)}" font-size="${FONT_PX.edge}" fill="${color.text}"${extra}>${escapeXml(s)}</text>`;
  const parts = [
    `<g class="wf-chain-lane" data-chains="${lane.chains.length}">`,
    `<rect x="${n(lane.left + 4)}" y="${n(lane.top + 4)}" width="${n(lane.width - 8)}" height="${n(lane.height - 8)}" rx="6" fill="#fffbeb" stroke="${color.stroke}" stroke-dasharray="4 3"/>`,
    text(lane.left + PAD, lane.top + EDGE_LINE + 4, lane.title, ' font-weight="600"'),
  ];
  lane.chains.forEach((chain, r) => {
    const { x: left, y: top } = lane.blocks[r];
    const y = top + EDGE_LINE + 6;
    parts.push('<g class="wf-chain">', text(left, top + EDGE_LINE - 2, chain.when, ' font-weight="600"'));
    let x = left;
    chain.steps.forEach((step, i) => {
      if (i) {
        const mid = y + STEP_HEIGHT / 2;
        parts.push(
          `<path d="M${n(x + 2)},${n(mid)} L${n(x + ARROW - 4)},${n(mid)}" stroke="${color.stroke}" stroke-width="1.3" marker-end="url(#wf-arrow)"/>`,
        );
        x += ARROW;
      }
      const w = stepWidth(step);
      parts.push(
        `<g class="wf-chain-step"><rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${STEP_HEIGHT}" rx="5" fill="#ffffff" stroke="${color.stroke}"/>`,
        text(x + 10, y + EDGE_LINE, step.role, ' class="wf-chain-role" font-weight="600"'),
        text(x + 10, y + 2 * EDGE_LINE, step.holders, ` class="wf-chain-holders" fill-opacity="0.85"`),
        '</g>',
      );
      x += w;
    });
    parts.push('</g>');
  });
  parts.push('</g>');
  return parts.join('');
}
