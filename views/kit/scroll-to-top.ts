import { SCROLL_TOP_MS } from '../../domain/constants';

/** Scrolls the page's own scroll area back to the top in 800 ms (SPEC §9), easing out. */
export function scrollToTop(from: HTMLElement | null) {
  const area = from?.closest('.portal-tab-page') as HTMLElement | null;
  if (!area || area.scrollTop === 0) return;
  const start = area.scrollTop;
  const began = performance.now();
  const step = (now: number) => {
    const progress = Math.min(1, (now - began) / SCROLL_TOP_MS);
    area.scrollTop = start * (1 - (1 - (1 - progress) ** 3));
    if (progress < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}
