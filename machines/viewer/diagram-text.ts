import { type DiagramEdge, type DiagramGraph, type DiagramNode, eventMark, guardMark } from './diagram-graph';

/** How a chart's words are measured and broken into lines, for its layout and its drawing. */

export const isCompound = (n: DiagramNode) => n.type === 'compound' || n.type === 'parallel';

/**
 * Font sizes of the drawing, in SVG units. A chart is fitted whole to its panel (diagram-fit.ts), so
 * the drawn size is what zooming to 100 % shows: none is set small merely to save room.
 */
export const FONT_PX = { heading: 16, state: 16, detail: 14, edge: 14 } as const;
/** The height of a line of detail text (services, tags). */
export const LINE = 18;

/** Text width for layout: Latin characters are about 0.55 em, CJK a full em. */
export function textWidth(text: string, fontPx: number = FONT_PX.state): number {
  let em = 0;
  for (const ch of text) em += /[\u2e80-\uffff]/.test(ch) ? 1 : 0.54;
  return Math.ceil(em * fontPx);
}

/** A label wider than this (SVG px) is broken over two lines on a chart that breaks long labels. */
const BREAK_PX = 96;
const CJK = /[\u2e80-\uffff]/;
/** Characters a line does not start with (closing marks), nor end with (opening ones). */
const NO_START = /[，。、；：！？）」』】》,.;:!?)\]]/;
const NO_END = /[（「『【《([]/;

/**
 * A long label as two lines, broken where the two come out most even: at a space between words, or
 * between characters where one is Chinese — never inside a word, and every word kept as it is.
 */
export function breakLabel(text: string, fontPx: number = FONT_PX.edge): string[] {
  if (textWidth(text, fontPx) <= BREAK_PX) return [text];
  const chars = [...text];
  let best: string[] | undefined;
  let widest = Number.POSITIVE_INFINITY;
  for (let i = 1; i < chars.length; i++) {
    const before = chars[i - 1];
    const after = chars[i];
    let lines: string[] | undefined;
    if (after === ' ') lines = [chars.slice(0, i).join(''), chars.slice(i + 1).join('')];
    else if (
      before !== ' ' &&
      (CJK.test(before) || CJK.test(after)) &&
      !NO_START.test(after) &&
      !NO_END.test(before)
    )
      lines = [chars.slice(0, i).join(''), chars.slice(i).join('')];
    if (!lines?.[0].trim() || !lines[1].trim()) continue;
    const width = Math.max(...lines.map((l) => textWidth(l, fontPx)));
    if (width < widest) {
      widest = width;
      best = lines;
    }
  }
  return best ?? [text];
}

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
/** A simple state's name as drawn, over two lines where long labels are broken. */
export const stateLines = (node: DiagramNode, wrapped = false) =>
  wrapped ? breakLabel(stateLabel(node), FONT_PX.state) : [stateLabel(node)];
/** An arrow's event as drawn, over two lines where long labels are broken. */
export const eventLines = (edge: DiagramEdge, wrapped = false) =>
  edge.eventNote ? [eventMark(edge.eventNote)] : wrapped ? breakLabel(edge.eventText) : [edge.eventText];
/** An arrow's guard as written on it (none where it is numbered), over two lines where long labels are broken. */
export const guardLines = (edge: DiagramEdge, wrapped = false) =>
  !edge.guardText || edge.guardNote ? [] : wrapped ? breakLabel(edge.guardText) : [edge.guardText];
/**
 * The lines of an arrow's label: the event, then its guard's short form — or, where the guards are
 * numbered, the event followed by its guard's mark on one line.
 */
export function edgeLines(edge: DiagramEdge, wrapped = false): string[] {
  const events = eventLines(edge, wrapped);
  if (edge.guardNote) events[events.length - 1] += ` ${guardMark(edge.guardNote)}`;
  return [...events, ...guardLines(edge, wrapped)];
}
/**
 * An event lettered on a chart too big for its events written out: wider than three Chinese
 * characters (about five Latin letters); shorter ones stay written, a letter would save nothing.
 */
export const isLongEvent = (text: string) => textWidth(text, FONT_PX.edge) > 3 * FONT_PX.edge;
/** Whether breaking long labels changes anything on this chart (else its one layout serves both). */
export const hasLongLabels = (graph: DiagramGraph) =>
  graph.nodes.some((n) => !isCompound(n) && stateLines(n, true).length > 1) ||
  graph.edges.some((e) => eventLines(e, true).length > 1 || guardLines(e, true).length > 1);
/** The height of one line of an arrow's label. */
export const EDGE_LINE = FONT_PX.edge + 4;
