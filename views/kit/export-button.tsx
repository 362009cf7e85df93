import '../styles/export.css';
import { useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import type { PageEntry } from '../../catalogue/types';
import { exportLogic } from '../../machines/kit/export.actors';
import type { ExportParams } from '../../machines/kit/export.machine';
import { useT } from '../app-context';
import { useNoticeToasts } from './use-notice-toasts';

interface ExportButtonProps {
  page: PageEntry;
  /** The list's applied filters and sort: the export holds the rows the table shows. */
  filters: ExportParams;
}

/** The toolbar's export button (SPEC §4): locked for 30 s after a successful export, counting down. */
export function ExportButton({ page, filters }: ExportButtonProps) {
  const t = useT();
  const exporter = useActorRef(exportLogic, {
    input: { configCode: page.export?.configCode ?? '', mode: page.export?.mode ?? 'sync' },
  });
  const busy = useSelector(exporter, (s) => s.hasTag('busy'));
  const locked = useSelector(exporter, (s) => s.hasTag('locked'));
  const remaining = useSelector(exporter, (s) => s.context.remaining);
  const progress = useSelector(exporter, (s) => s.context.progress);
  const rows = useSelector(exporter, (s) => s.context.exportedRows ?? 0);

  useNoticeToasts(exporter);

  if (!page.export) return null;
  const button = (
    <Button
      size="small"
      outlined
      icon="pi pi-download"
      className="portal-export-button"
      label={locked ? t('kitExport.countdown', { seconds: remaining }) : t('kitExport.export')}
      loading={busy}
      disabled={busy || locked}
      onClick={() => exporter.send({ type: 'export.request', params: filters })}
    />
  );
  if (progress === undefined) return button;
  // A job export under way: how far its file is, under the button, until it is in the export log.
  const said = t('kitExport.exporting', { percent: progress, rows: rows.toLocaleString('en-US') });
  return (
    <span className="portal-export-progress" data-export-progress={progress}>
      {button}
      <ProgressBar value={progress} aria-label={said} displayValueTemplate={() => said} />
    </span>
  );
}
