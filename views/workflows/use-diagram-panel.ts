import { useEffect, useLayoutEffect, useRef } from 'react';
import { RESIZE_THROTTLE_MS } from '../../domain/constants';
import { type Room, type ScrollBasis, scrollAfter } from '../../machines/viewer/diagram-fit';
import type { Box, DiagramLayout } from '../../machines/viewer/diagram-layout';

/** Where the column beside the chart goes below it anyway (workflows.css). */
const ONE_COLUMN = '(max-width: 991px)';

/** The panel's class when it takes the window's full height (workflows.css). */
export const TALL_PANEL = 'is-tall';

/** The panel's max-height as the style sheet gives it, with the full height's class or without. */
function maxHeightOf(panel: HTMLElement, tall: boolean): number {
  const had = panel.classList.contains(TALL_PANEL);
  panel.classList.toggle(TALL_PANEL, tall);
  const value = Number.parseFloat(getComputedStyle(panel).maxHeight);
  panel.classList.toggle(TALL_PANEL, had);
  return value;
}

/**
 * The room the panel offers the diagram: its width beside the column of details, its width when that
 * column moves below the chart (`wide`), the height it may grow to (its max-height) and the height it
 * may take when a chart needs it (`tall`, its max-height with the full height's class), all without
 * borders. Both widths are measured from the body the two share (its width less the column's
 * `--wf-side` and the gap), so they stay the same whichever way the chart is shown; both heights are
 * read from the style sheet, so they stay the same whichever height the panel has now. Scrollbars are
 * left in, so their coming and going never refits the diagram.
 */
function roomOf(panel: HTMLElement): Room {
  const style = getComputedStyle(panel);
  const px = (value: string) => Number.parseFloat(value) || 0;
  const borders = px(style.borderLeftWidth) + px(style.borderRightWidth);
  const bordersY = px(style.borderTopWidth) + px(style.borderBottomWidth);
  const maxHeight = maxHeightOf(panel, false);
  const tallMax = maxHeightOf(panel, true);
  const height = (Number.isFinite(maxHeight) ? maxHeight : panel.offsetHeight) - bordersY;
  const tall = Number.isFinite(tallMax) && tallMax - bordersY > height ? { tall: tallMax - bordersY } : {};
  const body = panel.closest<HTMLElement>('.wf-body');
  if (!body) return { width: panel.offsetWidth - borders, height, ...tall };
  const bodyStyle = getComputedStyle(body);
  const wide = body.clientWidth - px(bodyStyle.paddingLeft) - px(bodyStyle.paddingRight) - borders;
  if (window.matchMedia(ONE_COLUMN).matches) return { width: wide, height, wide, ...tall };
  const side = px(bodyStyle.getPropertyValue('--wf-side')) + px(bodyStyle.columnGap);
  return { width: wide - side, height, wide, ...tall };
}

/** Reports the panel's room at once, then at most once per RESIZE_THROTTLE_MS while it changes. */
export function usePanelSize(panel: HTMLElement | null, onSize: (size: Room) => void) {
  useEffect(() => {
    if (!panel) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = '';
    const report = () => {
      timer = undefined;
      const size = roomOf(panel);
      const key = `${size.width}x${size.height}x${size.wide}x${size.tall}`;
      if (key !== last && size.width > 0) {
        last = key;
        onSize(size);
      }
    };
    const schedule = () => {
      timer ??= setTimeout(report, RESIZE_THROTTLE_MS);
    };
    report();
    const observer = new ResizeObserver(schedule);
    observer.observe(panel);
    // The column beside the chart widens (the simulator opened) without the panel changing when the
    // chart is shown at the page's width.
    const side = panel.closest('.wf-body')?.querySelector('.wf-side');
    if (side) observer.observe(side);
    // The max-height follows the window's height, which the panel's own size may not show.
    window.addEventListener('resize', schedule);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
      window.removeEventListener('resize', schedule);
    };
  }, [panel, onSize]);
}

/**
 * Applies the scroll diagram-fit.ts decides after each render: the focus brought into view, or the
 * centre kept through a zoom. A newly opened chart, or a new focus, also brings the panel, with the
 * toolbar above it, into the window (on a phone the machine list stands above it).
 */
export function useDiagramScroll(
  panel: HTMLElement | null,
  layout: DiagramLayout | undefined,
  now: ScrollBasis & { focus?: Box },
) {
  const previous = useRef<ScrollBasis | undefined>(undefined);
  const shownLayout = useRef<DiagramLayout | undefined>(undefined);
  const { scale, focusCount, focus } = now;
  useLayoutEffect(() => {
    if (!panel || !layout) return;
    // A new layout (a tighter one made once the panel was measured, another language) moves the
    // states: the focus is brought into view again, as on opening, not left where the old one had it.
    const laidOutAgain = shownLayout.current !== undefined && shownLayout.current !== layout;
    const next = scrollAfter(
      laidOutAgain ? undefined : previous.current,
      { scale, focusCount, focus },
      { left: panel.scrollLeft, top: panel.scrollTop },
      { width: panel.clientWidth, height: panel.clientHeight },
      layout,
    );
    panel.scrollTo(next.left, next.top);
    // A focus asked for (a replay's step, a stream chosen in the list below the chart) is shown in the
    // window too: the layouts are cached, so choosing a stream draws no new layout to bring it there.
    const focusAsked = focus !== undefined && previous.current?.focusCount !== focusCount;
    previous.current = { scale, focusCount };
    if (shownLayout.current !== layout || focusAsked) {
      shownLayout.current = layout;
      // A chart given the full height has the toolbar scrolled to the top, the panel whole under it.
      const tall = panel.classList.contains(TALL_PANEL);
      (panel.parentElement ?? panel).scrollIntoView({ block: tall ? 'start' : 'nearest' });
    }
  }, [panel, layout, scale, focusCount, focus]);
}
