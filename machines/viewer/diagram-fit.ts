import { type Box, type DiagramLayout, type Direction, FONT_PX, type Packing } from './diagram-layout';

/** A fitted diagram is never blown up past its drawn size; only the analyst's own zoom goes beyond. */
export const MAX_FIT_SCALE = 1;
export const MAX_ZOOM = 3;
/** One zoom button press: 25 % larger, or back by the same factor, so in and out undo each other. */
export const ZOOM_FACTOR = 1.25;
/** Room kept around a state brought into view, so its border and nearby arrows show too. */
const REVEAL_MARGIN_PX = 24;

export interface Size {
  width: number;
  height: number;
}

export interface Scroll {
  left: number;
  top: number;
}

const roundDown = (v: number) => Math.floor(v * 1000) / 1000;

/**
 * The scale at which the whole diagram fits the panel, however small: the analyst sees the whole
 * chart first and zooms into a part. The layout is compact to keep this scale as large as it can.
 */
export function wholeScale(content: Size, panel: Size): number {
  if (content.width <= 0 || content.height <= 0 || panel.width <= 0 || panel.height <= 0) return 1;
  return roundDown(Math.min(panel.width / content.width, panel.height / content.height));
}

/**
 * The scale a diagram opens at in a panel: the whole diagram, never above MAX_FIT_SCALE (a small
 * chart keeps its drawn size instead of being blown up).
 */
export const fitScale = (content: Size, panel: Size): number =>
  Math.min(MAX_FIT_SCALE, wholeScale(content, panel));

/** The smallest text a chart opens with (CSS px): a big chart opens readable, not whole. */
export const MIN_TEXT_PX = 12;
/** The scale at which the drawing's smallest text (an arrow's label, a detail line) is MIN_TEXT_PX. */
export const READABLE_SCALE = Math.ceil((MIN_TEXT_PX / Math.min(...Object.values(FONT_PX))) * 1000) / 1000;

/**
 * The scale a chart opens at: whole when it fits at a readable size, else the readable size — the
 * panel scrolls, the chart's start in view, and "fit to panel" or zooming out shows it whole.
 */
export const openScale = (content: Size, panel: Size): number =>
  Math.min(MAX_FIT_SCALE, Math.max(wholeScale(content, panel), READABLE_SCALE));

/** Whether a chart of this size opens whole in this panel with its text at MIN_TEXT_PX or more. */
export const readableWhole = (content: Size, panel: Size): boolean =>
  wholeScale(content, panel) >= READABLE_SCALE;

/**
 * The panel's room: its size beside the column of details, its width when that column moves below
 * the chart (`wide`; the same as `width` where the column is below it anyway, on a phone), and the
 * height it may take, the page's width too, when a chart needs more than `height` (`tall`: the
 * toolbar at the window's top, the panel under it, the legend and details below it).
 */
export interface Room extends Size {
  wide?: number;
  tall?: number;
}

/** The room without the full height: what a chart gets while the page's header stays in view. */
export const belowHeader = ({ tall: _tall, ...room }: Room): Room => room;

/**
 * One way a chart can be laid out: which way its arrows run, long labels broken, guards numbered,
 * long events lettered (their words in the legend), how tightly ELK packs the states, and whether
 * they are set closer together than usual.
 */
export interface ChartForm {
  direction: Direction;
  wrapped: boolean;
  numbered: boolean;
  lettered: boolean;
  packing: Packing;
  close: boolean;
  /** Each compound state laid out on its own, in a direction of its own (diagram-nested.ts). */
  nested?: boolean;
}

/** The packings tried, in turn, on a chart whose long events are lettered (diagram-layout.ts `Packing`). */
export const TIGHT_PACKINGS: Packing[] = ['compacted', 'merged', 'depthFirst'];

/**
 * How a chart is shown: the layout (its form), the panel the page's width (details below it), and
 * the panel the window's full height under the toolbar (`tall`, with the page's width).
 */
export interface ChartChoice<T extends Size = Size> {
  layout: T;
  wide: boolean;
  tall?: boolean;
}

/** The panel a choice gives the chart. */
export const roomFor = (room: Room, wide: boolean, tall = false): Size => ({
  width: wide || tall ? (room.wide ?? room.width) : room.width,
  height: tall ? Math.max(room.height, room.tall ?? 0) : room.height,
});

/** The ways the panel can be placed, in the order tried: beside the details, the page's width, full height. */
const placesIn = (room: Room) => [
  { wide: false, tall: false },
  ...((room.wide ?? 0) > room.width ? [{ wide: true, tall: false }] : []),
  ...((room.tall ?? 0) > room.height ? [{ wide: true, tall: true }] : []),
];

/**
 * The order the ways of laying a chart out are tried in, the first the analyst's own: the direction
 * chosen, then the other; then long labels broken over two lines; then the guards numbered (their
 * words in the legend); then, guards numbered, the long events lettered (their words in the legend
 * too) and the states packed tighter, one packing after another (`TIGHT_PACKINGS`); last, those
 * packings again with the states set closer together (`close`), for the few charts whose compound
 * states nest so deep that nothing else fits; very last, for a chart with boxes in boxes in its own
 * (`boxesInBoxes`), each box laid out on its own (`nested`). A form a chart does not have (no guards,
 * no long label, no long event) is left out.
 */
export function formOrder(
  direction: Direction,
  guards: boolean,
  longLabels: boolean,
  longEvents = false,
  boxesInBoxes = false,
): ChartForm[] {
  const other: Direction = direction === 'DOWN' ? 'RIGHT' : 'DOWN';
  const forms: ChartForm[] = [];
  const plain = { lettered: false, packing: 'layered' as const, close: false };
  for (const numbered of guards ? [false, true] : [false])
    for (const wrapped of longLabels ? [false, true] : [false])
      for (const dir of [direction, other]) forms.push({ direction: dir, wrapped, numbered, ...plain });
  if (longEvents)
    for (const close of [false, true])
      for (const packing of TIGHT_PACKINGS)
        for (const dir of [direction, other])
          forms.push({ direction: dir, wrapped: false, numbered: guards, lettered: true, packing, close });
  if (longEvents && boxesInBoxes)
    for (const dir of [direction, other])
      forms.push({
        direction: dir,
        wrapped: false,
        numbered: guards,
        lettered: true,
        packing: 'merged',
        close: true,
        nested: true,
      });
  return forms;
}

/**
 * The rule, in one place: the layouts of a chart (in `formOrder`) are tried one by one beside the
 * column of details, then with the page's width (the details below the chart), and the first that
 * opens whole with its text at MIN_TEXT_PX or more is shown — first those with every event written,
 * then those with long events lettered, then those set closer together: a chart keeps its words on
 * the arrows, and its usual spacing, wherever the page's width lets it. Only a chart that fits none
 * of those takes the window's full height under the toolbar (`tall`, the page's header scrolled
 * away), tried in the same order; and only one that fits none of those at any height is shown with
 * each box laid out on its own (`nested`), beside, wide, then tall. A chart that fits in no way opens
 * in the layout that comes closest to fitting beside the details, readable, and scrolls (the least).
 * Until the panel is measured, the first layout, beside.
 */
export function chooseChart<T extends Size & Partial<ChartForm>>(layouts: T[], room: Room): ChartChoice<T> {
  const [first] = layouts;
  if (room.width <= 0 || room.height <= 0) return { layout: first, wide: false };
  const places = placesIn(room);
  const tiers = [
    layouts.filter((l) => !l.lettered),
    layouts.filter((l) => l.lettered && !l.close),
    layouts.filter((l) => l.close && !l.nested),
  ];
  const steps = [false, true].flatMap((tall) =>
    tiers.map((tier) => ({ tier, places: places.filter((p) => p.tall === tall) })),
  );
  // Each box laid out on its own only where nothing else fits, the full height included.
  steps.push({ tier: layouts.filter((l) => l.nested), places });
  for (const { tier, places: where } of steps)
    for (const place of where)
      for (const layout of tier)
        if (readableWhole(layout, roomFor(room, place.wide, place.tall)))
          return { layout, wide: place.wide, ...(place.tall ? { tall: true } : {}) };
  const beside = roomFor(room, false);
  const closest = layouts.reduce((a, b) => (wholeScale(b, beside) > wholeScale(a, beside) ? b : a));
  return { layout: closest, wide: false };
}

/** Whether the chosen layout opens whole and readable (else it opens at the readable size and scrolls). */
export const opensWhole = <T extends Size>({ layout, wide, tall }: ChartChoice<T>, room: Room): boolean =>
  readableWhole(layout, roomFor(room, wide, tall));

/**
 * The smallest zoom: the whole chart in the panel (or the drawn size when that fits already).
 * Smaller would only leave empty room around it.
 */
export const minZoom = (content: Size, panel: Size): number => fitScale(content, panel);

/** One step of the zoom buttons, never below `floor` (the whole chart) nor above MAX_ZOOM. */
export function zoomStep(scale: number, direction: 'in' | 'out', floor: number): number {
  const next = Math.round((direction === 'in' ? scale * ZOOM_FACTOR : scale / ZOOM_FACTOR) * 100) / 100;
  return Math.min(MAX_ZOOM, Math.max(floor, next));
}

const union = (boxes: Box[]): Box | undefined => {
  if (!boxes.length) return undefined;
  const left = Math.min(...boxes.map((b) => b.x));
  const top = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
};

const boxOf = ({ x, y, width, height }: Box): Box => ({ x, y, width, height });

/**
 * Where a chart starts: the machine's initial state. Its dot is left out: the arrow from it may be
 * routed a long way round, and a box that wide would push the state itself out of a phone's panel.
 */
export function initialStateBox(layout: DiagramLayout): Box | undefined {
  const root = layout.nodes.find((p) => !p.node.parent);
  const initial = layout.nodes.find((p) => p.node.parent === root?.node.id && p.node.initial);
  return initial && boxOf(initial);
}

/**
 * The part of the chart to keep in view for these state ids (a replay's current states): the
 * innermost ones, since their compound parents may be larger than the panel.
 */
export function statesBox(layout: DiagramLayout, ids: string[]): Box | undefined {
  const wanted = new Set(ids);
  const placed = layout.nodes.filter((p) => p.node.parent && wanted.has(p.node.id));
  const innermost = placed.filter((p) => !placed.some((q) => q.node.parent === p.node.id));
  return union(innermost.map(boxOf));
}

export const scaleBox = (box: Box, scale: number): Box => ({
  x: box.x * scale,
  y: box.y * scale,
  width: box.width * scale,
  height: box.height * scale,
});

function revealAxis(start: number, size: number, view: number, total: number, current: number) {
  const max = Math.max(0, total - view);
  const clamp = (v: number) => Math.round(Math.min(max, Math.max(0, v)));
  if (start >= current && start + size <= current + view) return clamp(current);
  // Centred when it fits with room to spare; otherwise its start edge, where a state's name is.
  if (size + 2 * REVEAL_MARGIN_PX <= view) return clamp(start + size / 2 - view / 2);
  return clamp(start - REVEAL_MARGIN_PX);
}

/**
 * The scroll position that shows `target` (panel px) in the panel: unchanged when it is already in
 * view, so a replay's small steps do not jolt the diagram about.
 */
export function revealScroll(target: Box, viewport: Size, content: Size, scroll: Scroll): Scroll {
  return {
    left: revealAxis(target.x, target.width, viewport.width, content.width, scroll.left),
    top: revealAxis(target.y, target.height, viewport.height, content.height, scroll.top),
  };
}

/**
 * The scroll position after the scale changed (a zoom, a refit): the point at the panel's centre
 * stays at the centre, so a zoom does not throw the analyst somewhere else in the chart.
 */
export function keepCentre(scroll: Scroll, viewport: Size, content: Size, from: number, to: number): Scroll {
  const axis = (current: number, view: number, total: number) => {
    const centre = ((current + view / 2) / from) * to;
    return Math.round(Math.min(Math.max(0, total - view), Math.max(0, centre - view / 2)));
  };
  return {
    left: axis(scroll.left, viewport.width, content.width),
    top: axis(scroll.top, viewport.height, content.height),
  };
}

/** What the last scroll decision was made for: the scale, and which focus request it answered. */
export interface ScrollBasis {
  scale: number;
  focusCount: number;
}

/**
 * Where the panel scrolls after a render: to the focus when a new one was asked for (a chart opened,
 * a fit, a replay step), around the same centre when only the scale changed, else nowhere.
 */
export function scrollAfter(
  previous: ScrollBasis | undefined,
  now: ScrollBasis & { focus?: Box },
  scroll: Scroll,
  viewport: Size,
  drawn: Size,
): Scroll {
  const content = { width: drawn.width * now.scale, height: drawn.height * now.scale };
  if (!previous || previous.focusCount !== now.focusCount)
    return now.focus ? revealScroll(scaleBox(now.focus, now.scale), viewport, content, scroll) : scroll;
  if (previous.scale !== now.scale) return keepCentre(scroll, viewport, content, previous.scale, now.scale);
  return scroll;
}
