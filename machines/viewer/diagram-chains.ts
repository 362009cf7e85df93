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

/** The lane as placed under the chart: where it starts, and its size. */
export interface PlacedLane extends ChainLane {
  top: number;
  width: number;
  height: number;
  /** The width of the column that says when each chain applies. */
  whenWidth: number;
}

const PAD = 12;
const GAP = 10;
/** An arrow between two steps. */
const ARROW = 22;
const STEP_HEIGHT = 2 * EDGE_LINE + 8;
const ROW = STEP_HEIGHT + 8;

const stepWidth = (step: { role: string; holders: string }) =>
  Math.max(textWidth(step.role, FONT_PX.edge), textWidth(step.holders, FONT_PX.edge)) + 20;

/** The lane's size: a title, then one row per chain, its steps side by side after its condition. */
export function placeLane(lane: ChainLane, top: number): PlacedLane {
  const whenWidth = Math.max(0, ...lane.chains.map((c) => textWidth(c.when, FONT_PX.edge))) + GAP;
  const rows = lane.chains.map(
    (c) => whenWidth + c.steps.reduce((w, s, i) => w + stepWidth(s) + (i ? ARROW : 0), 0),
  );
  const width = 2 * PAD + Math.max(textWidth(lane.title, FONT_PX.heading), ...rows);
  const height = EDGE_LINE + 12 + lane.chains.length * ROW + PAD;
  return { ...lane, top, width, height, whenWidth };
}

/**
 * The chart with its approval chains drawn as part of it, in a lane under the states: the chart's
 * "current approver" made concrete. Fitting, the screen and the exported SVG and PNG all take its
 * size, so the lane is never cut off nor scrolled to. Without chains, the chart as it is.
 */
export function withChains<T extends DiagramLayout>(layout: T, lane?: ChainLane): T {
  if (!lane?.chains.length) return layout;
  const placed = placeLane(lane, layout.height);
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

/** The lane in SVG: its title, and each chain's steps as boxes joined by arrows, role over holders. */
export function drawLane(lane: PlacedLane, color: { stroke: string; text: string; muted: string }): string {
  const text = (x: number, y: number, s: string, extra = '') =>
    `<text x="${n(x)}" y="${n(y)}" font-size="${FONT_PX.edge}" fill="${color.text}"${extra}>${escapeXml(s)}</text>`;
  const parts = [
    `<g class="wf-chain-lane" data-chains="${lane.chains.length}">`,
    `<rect x="4" y="${n(lane.top + 4)}" width="${n(lane.width - 8)}" height="${n(lane.height - 8)}" rx="6" fill="#fffbeb" stroke="${color.stroke}" stroke-dasharray="4 3"/>`,
    text(PAD, lane.top + EDGE_LINE + 4, lane.title, ' font-weight="600"'),
  ];
  lane.chains.forEach((chain, r) => {
    const y = lane.top + EDGE_LINE + 12 + r * ROW;
    parts.push(`<g class="wf-chain">`, text(PAD, y + EDGE_LINE + 6, chain.when, ' font-weight="600"'));
    let x = PAD + lane.whenWidth;
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
