import { useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { drawnSize, drawSvg } from '../../machines/viewer/diagram-svg';
import { useT } from '../app-context';
import { downloadBlob, downloadText, fileNameOf } from './download';
import { svgToPng } from './svg-png';
import type { ViewerActor } from './viewer-actor';

export interface ListToggle {
  open: boolean;
  toggle: () => void;
}

/**
 * The machine list's toggle, zoom (in, out, fit, 100 %), layout direction and export (SVG, PNG) of
 * the chart on screen. It stays at the top of the page's view while the chart scrolls.
 */
export function DiagramToolbar({
  viewer,
  svg,
  list,
}: {
  viewer: ViewerActor;
  svg: string;
  list: ListToggle;
}) {
  const t = useT();
  const zoom = useSelector(viewer, (s) => s.context.zoom);
  const layout = useSelector(viewer, (s) => s.context.layout);
  const highlight = useSelector(viewer, (s) => s.context.highlight);
  const [exporting, setExporting] = useState(false);
  // The chart's title is its outermost box: the machine's name in the reader's language.
  const title = layout?.graph.nodes.find((n) => !n.parent)?.name;
  const fileName = fileNameOf(title || t('workflows.list'));
  const icon = (type: 'zoom.in' | 'zoom.out' | 'zoom.fit', name: string, label: string) => (
    <Button
      size="small"
      text
      icon={`pi ${name}`}
      aria-label={t(label)}
      title={t(label)}
      disabled={!layout}
      onClick={() => viewer.send({ type })}
    />
  );
  // What is on screen, and under it the numbered guards and lettered events in words, so a printed
  // chart says its rules.
  const notesTitle = { guards: t('workflows.legend.guardNotes'), events: t('workflows.legend.eventNotes') };
  const exported = () => (layout ? drawSvg(layout, highlight, notesTitle) : svg);
  const exportPng = async () => {
    if (!layout) return;
    setExporting(true);
    try {
      downloadBlob(`${fileName}.png`, await svgToPng(exported(), drawnSize(layout, notesTitle)));
    } finally {
      setExporting(false);
    }
  };
  return (
    <div className="wf-toolbar">
      <Button
        size="small"
        text
        icon={`pi ${list.open ? 'pi-angle-double-left' : 'pi-list'}`}
        label={t(list.open ? 'workflows.hideList' : 'workflows.showList')}
        aria-expanded={list.open}
        onClick={list.toggle}
      />
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
        disabled={!layout}
        onClick={() => viewer.send({ type: 'direction.toggle' })}
      />
      <Button
        size="small"
        icon="pi pi-download"
        label={t('workflows.exportSvg')}
        disabled={!svg}
        onClick={() => downloadText(`${fileName}.svg`, exported(), 'image/svg+xml')}
      />
      <Button
        size="small"
        outlined
        icon="pi pi-image"
        label={t('workflows.exportPng')}
        disabled={!svg || exporting}
        loading={exporting}
        onClick={exportPng}
      />
    </div>
  );
}
