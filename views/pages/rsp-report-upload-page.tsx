import { pageById } from '../../catalogue/catalogue';
import { useT } from '../app-context';
import { ImportPanel } from '../kit/import-panel';
import type { PageProps } from './page-view';

/** The RSP shipment lines, uploaded here as through their list's import (same template, same checks). */
const RSP_SHIPMENTS = 'report.rspShipmentReports';

/** SPEC §2 "RSP report upload": an RSP's shipment report sent as a workbook, checked row by row. */
export default function RspReportUploadPage({ page }: PageProps) {
  const t = useT();
  const list = pageById(RSP_SHIPMENTS);
  return (
    <section className="portal-page" aria-label={t(page.titleKey)}>
      <p>{t('imports.kit.rspUploadHint')}</p>
      {list && <ImportPanel page={list} />}
    </section>
  );
}
