import { pageById } from '../../catalogue/catalogue';
import { useT } from '../app-context';
import { ImportPanel } from '../kit/import-panel';
import type { PageProps } from './page-view';

/** The settlement lines' import: its template, its row-by-row checks, all rows published or none. */
const SETTLEMENT_LINES = 'rebates.settlementLineImport';

/**
 * SPEC §2 "Settlement announcement upload": a sheet of settlements, one row per agent, checked row by
 * row and published all or nothing; each agent then reads its own line on the settlement lines list.
 */
export default function SettlementUploadPage({ page }: PageProps) {
  const t = useT();
  const lines = pageById(SETTLEMENT_LINES);
  return (
    <section className="portal-page" aria-label={t(page.titleKey)}>
      <p>{t('rebateSettlement.upload.intro')}</p>
      {lines && <ImportPanel page={lines} />}
    </section>
  );
}
