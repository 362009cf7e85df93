import { useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { ProgressSpinner } from 'primereact/progressspinner';
import { type MouseEvent, useEffect, useMemo, useRef } from 'react';
import { drawSvg } from '../../machines/viewer/diagram-svg';
import { useT } from '../app-context';
import { downloadText } from './download';
import type { ViewerActor } from './viewer-actor';

/** The laid-out statechart, redrawn with the current highlight; zoomable, scrollable, exportable. */
export function DiagramCanvas({ viewer }: { viewer: ViewerActor }) {
  const t = useT();
  const layout = useSelector(viewer, (s) => s.context.layout);
  const highlight = useSelector(viewer, (s) => s.context.highlight);
  const zoom = useSelector(viewer, (s) => s.context.zoom);
  const busy = useSelector(viewer, (s) => s.hasTag('busy'));
  const error = useSelector(viewer, (s) => (s.matches('failed') ? s.context.error : undefined));
  const element = useSelector(viewer, (s) => s.context.element);
  const selected = useSelector(viewer, (s) => s.context.selected);
  const svg = useMemo(() => (layout ? drawSvg(layout, highlight) : ''), [layout, highlight]);
  const host = useRef<HTMLDivElement>(null);

  // The clicked element keeps an outline, redrawn highlight or not.
  useEffect(() => {
    const root = host.current;
    if (!root || !svg) return;
    for (const node of root.querySelectorAll('.is-selected')) node.classList.remove('is-selected');
    if (!element) return;
    const attr = element.kind === 'state' ? 'data-state-id' : 'data-transition-id';
    for (const node of root.querySelectorAll(`[${attr}="${CSS.escape(element.id)}"]`))
      node.classList.add('is-selected');
  }, [svg, element]);

  // A replay or a live actor moves on: keep the state it is in within the visible part of the canvas.
  useEffect(() => {
    const root = host.current;
    const box = root?.parentElement;
    const target = root?.querySelector('.is-current.wf-atomic, .is-current.wf-final');
    if (!box || !target || !svg) return;
    const t = target.getBoundingClientRect();
    const b = box.getBoundingClientRect();
    if (t.left < b.left || t.right > b.right) box.scrollLeft += t.left + t.width / 2 - (b.left + b.width / 2);
    if (t.top < b.top || t.bottom > b.bottom) box.scrollTop += t.top + t.height / 2 - (b.top + b.height / 2);
  }, [svg]);

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
      <div className="wf-toolbar">
        <Button
          size="small"
          text
          icon="pi pi-search-plus"
          aria-label={t('workflows.zoomIn')}
          title={t('workflows.zoomIn')}
          onClick={() => viewer.send({ type: 'zoom.in' })}
        />
        <Button
          size="small"
          text
          icon="pi pi-search-minus"
          aria-label={t('workflows.zoomOut')}
          title={t('workflows.zoomOut')}
          onClick={() => viewer.send({ type: 'zoom.out' })}
        />
        <Button
          size="small"
          text
          label={`${Math.round(zoom * 100)}%`}
          title={t('workflows.zoomReset')}
          onClick={() => viewer.send({ type: 'zoom.reset' })}
        />
        <Button
          size="small"
          text
          icon="pi pi-sort-alt"
          label={t('workflows.direction')}
          disabled={!layout}
          onClick={() => viewer.send({ type: 'direction.toggle' })}
        />
        <Button
          size="small"
          icon="pi pi-download"
          label={t('workflows.exportSvg')}
          disabled={!svg}
          onClick={() => downloadText(`${layout?.graph.id ?? 'statechart'}.svg`, svg, 'image/svg+xml')}
        />
        <span className="wf-hint">{t('workflows.hint')}</span>
      </div>
      {busy && !layout && (
        <ProgressSpinner className="wf-spinner" strokeWidth="4" aria-label={t('workflows.loading')} />
      )}
      {layout && (
        <div className="wf-canvas" aria-busy={busy}>
          <div
            ref={host}
            className="wf-svg-host"
            style={{
              width: `${zoom * 100}%`,
              minWidth: layout.width * zoom * 0.75,
              maxWidth: layout.width * zoom * 1.5,
            }}
            onClick={pick}
            // The SVG is drawn by our own renderer from machine definitions, every text escaped.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: generated markup, see above.
            dangerouslySetInnerHTML={{ __html: svg }}
          />
        </div>
      )}
    </div>
  );
}
