import { useSelector } from '@xstate/react';
import { ProgressSpinner } from 'primereact/progressspinner';
import { type MouseEvent, useCallback, useEffect, useMemo, useState } from 'react';
import type { Room } from '../../machines/viewer/diagram-fit';
import { drawSvg } from '../../machines/viewer/diagram-svg';
import { useT } from '../app-context';
import { DiagramToolbar, type ListToggle } from './diagram-toolbar';
import { TALL_PANEL, useDiagramScroll, usePanelSize } from './use-diagram-panel';
import type { ViewerActor } from './viewer-actor';

/** The laid-out statechart, redrawn with the current highlight; fitted to its panel, zoomable, exportable. */
export function DiagramCanvas({ viewer, list }: { viewer: ViewerActor; list: ListToggle }) {
  const t = useT();
  const layout = useSelector(viewer, (s) => s.context.layout);
  const highlight = useSelector(viewer, (s) => s.context.highlight);
  const zoom = useSelector(viewer, (s) => s.context.zoom);
  const focus = useSelector(viewer, (s) => s.context.focus);
  const focusCount = useSelector(viewer, (s) => s.context.focusCount);
  const busy = useSelector(viewer, (s) => s.hasTag('busy'));
  const error = useSelector(viewer, (s) => (s.matches('failed') ? s.context.error : undefined));
  const element = useSelector(viewer, (s) => s.context.element);
  const selected = useSelector(viewer, (s) => s.context.selected);
  const tall = useSelector(viewer, (s) => s.context.tall);
  const svg = useMemo(() => (layout ? drawSvg(layout, highlight) : ''), [layout, highlight]);
  const [panel, setPanel] = useState<HTMLDivElement | null>(null);

  const resized = useCallback((size: Room) => viewer.send({ type: 'panel.resize', size }), [viewer]);
  usePanelSize(panel, resized);
  useDiagramScroll(panel, layout, { scale: zoom, focusCount, focus });

  // The clicked element keeps an outline, redrawn highlight or not.
  useEffect(() => {
    if (!panel || !svg) return;
    for (const node of panel.querySelectorAll('.is-selected')) node.classList.remove('is-selected');
    if (!element) return;
    const attr = element.kind === 'state' ? 'data-state-id' : 'data-transition-id';
    for (const node of panel.querySelectorAll(`[${attr}="${CSS.escape(element.id)}"]`))
      node.classList.add('is-selected');
  }, [panel, svg, element]);

  const pick = (event: MouseEvent) => {
    const target = (event.target as Element).closest('[data-state-id], [data-transition-id]');
    const transition = target?.getAttribute('data-transition-id');
    const state = target?.getAttribute('data-state-id');
    viewer.send({
      type: 'element.select',
      element: transition
        ? { kind: 'transition', id: transition }
        : state
          ? { kind: 'state', id: state }
          : undefined,
    });
  };

  if (error)
    return (
      <div className="portal-form-error" role="alert">
        {t('workflows.failed', { error })}
      </div>
    );
  if (!selected) return <p className="wf-empty">{t('workflows.choose')}</p>;
  return (
    <div className="wf-canvas-box">
      <DiagramToolbar viewer={viewer} svg={svg} list={list} />
      {/* Always there while a chart is chosen, so its size is known before the layout is. */}
      <div ref={setPanel} className={`wf-canvas${tall ? ` ${TALL_PANEL}` : ''}`} aria-busy={busy}>
        {busy && !layout && (
          <ProgressSpinner className="wf-spinner" strokeWidth="4" aria-label={t('workflows.loading')} />
        )}
        {layout && (
          <div
            className="wf-svg-host"
            style={{ width: layout.width * zoom, height: layout.height * zoom }}
            onClick={pick}
            // The SVG is drawn by our own renderer from machine definitions, every text escaped.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: generated markup, see above.
            dangerouslySetInnerHTML={{ __html: svg }}
          />
        )}
      </div>
    </div>
  );
}
