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

/** The lane as placed under the chart: where it starts, its size, and where each chain's block is. */
export interface PlacedLane extends ChainLane {
  top: number;
  width: number;
  height: number;
  /** Each chain's block (its condition over its steps), left to right, wrapped at the chart's width. */
  blocks: { x: number; y: number }[];
}

const PAD = 12;
const GAP = 16;
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
 * The lane's place: a title, then the chains' blocks side by side, wrapped onto another row where the
 * chart's width (or the widest block) ends, so many chains take a few rows, not one each.
 */
export function placeLane(lane: ChainLane, top: number, chartWidth: number): PlacedLane {
  const widths = lane.chains.map(blockWidth);
  const room = Math.max(chartWidth, textWidth(lane.title, FONT_PX.heading), ...widths) - 2 * PAD;
  const blocks: { x: number; y: number }[] = [];
  let x = 0;
  let y = EDGE_LINE + 12;
  let right = 0;
  widths.forEach((w) => {
    if (x > 0 && x + w > room) {
      x = 0;
      y += BLOCK + 10;
    }
    blocks.push({ x: PAD + x, y: top + y });
    right = Math.max(right, x + w);
    x += w + GAP;
  });
  return {
    ...lane,
    top,
    width: 2 * PAD + Math.max(right, textWidth(lane.title, FONT_PX.heading)),
    height: y + BLOCK + PAD,
    blocks,
  };
}

/**
 * The chart with its approval chains drawn as part of it, in a lane under the states: the chart's
 * "current approver" made concrete. Fitting, the screen and the exported SVG and PNG all take its
 * size, so the lane is never cut off nor scrolled to. Without chains, the chart as it is.
 */
export function withChains<T extends DiagramLayout>(layout: T, lane?: ChainLane): T {
  if (!lane?.chains.length) return layout;
  const placed = placeLane(lane, layout.height, layout.width);
  return {
    ...layout,
    width: Math.max(layout.width, placed.width),
    height: layout.height + placed.height,
    lane: placed,
  };
}

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const n = (v: number) => Math.round(v * 10) / 10;

/** The lane in SVG: its title, and each chain's condition over its steps, boxes joined by arrows, role over holders. */
export function drawLane(lane: PlacedLane, color: { stroke: string; text: string; muted: string }): string {
  const text = (x: number, y: number, s: string, extra = '') =>
    `<text x="${n(x)}" y="${n(y)}" font-size="${FONT_PX.edge}" fill="${color.text}"${extra}>${escapeXml(s)}</text>`;
  const parts = [
    `<g class="wf-chain-lane" data-chains="${lane.chains.length}">`,
    `<rect x="4" y="${n(lane.top + 4)}" width="${n(lane.width - 8)}" height="${n(lane.height - 8)}" rx="6" fill="#fffbeb" stroke="${color.stroke}" stroke-dasharray="4 3"/>`,
    text(PAD, lane.top + EDGE_LINE + 4, lane.title, ' font-weight="600"'),
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
