import { useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { useT } from '../app-context';
import { downloadText } from './download';
import type { ViewerActor } from './viewer-actor';

/** Zoom (in, out, fit, 100 %), layout direction and SVG export of the diagram on screen. */
export function DiagramToolbar({ viewer, svg }: { viewer: ViewerActor; svg: string }) {
  const t = useT();
  const zoom = useSelector(viewer, (s) => s.context.zoom);
  const machineId = useSelector(viewer, (s) => s.context.layout?.graph.id);
  const icon = (type: 'zoom.in' | 'zoom.out' | 'zoom.fit', name: string, label: string) => (
    <Button
      size="small"
      text
      icon={`pi ${name}`}
      aria-label={t(label)}
      title={t(label)}
      disabled={!machineId}
      onClick={() => viewer.send({ type })}
    />
  );
  return (
    <div className="wf-toolbar">
      {icon('zoom.in', 'pi-search-plus', 'workflows.zoomIn')}
      {icon('zoom.out', 'pi-search-minus', 'workflows.zoomOut')}
      {icon('zoom.fit', 'pi-arrows-alt', 'workflows.zoomFit')}
      <Button
        size="small"
        text
        className="wf-zoom-value"
        label={`${Math.round(zoom * 100)}%`}
        aria-label={t('workflows.zoomReset')}
        title={t('workflows.zoomReset')}
        onClick={() => viewer.send({ type: 'zoom.reset' })}
      />
      <Button
        size="small"
        text
        icon="pi pi-sort-alt"
        label={t('workflows.direction')}
        disabled={!machineId}
        onClick={() => viewer.send({ type: 'direction.toggle' })}
      />
      <Button
        size="small"
        icon="pi pi-download"
        label={t('workflows.exportSvg')}
        disabled={!svg}
        onClick={() => downloadText(`${machineId ?? 'statechart'}.svg`, svg, 'image/svg+xml')}
      />
      <span className="wf-hint">{t('workflows.hint')}</span>
    </div>
  );
}
