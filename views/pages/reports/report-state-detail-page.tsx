import '../../styles/record-panel.css';
import { useActorRef } from '@xstate/react';
import { useRef } from 'react';
import { Link } from 'wouter';
import { pageById } from '../../../catalogue/catalogue';
import { dictionaryCodesOf, tableLogicFor } from '../../../machines/kit/table.actors';
import { useLang, useT } from '../../app-context';
import { DataGrid } from '../../kit/data-grid';
import { fieldLabel } from '../../kit/labels';
import RecordPage from '../../kit/record-page';
import { usePageOffer } from '../../kit/use-page-offer';
import type { PageProps } from '../page-view';

// The list of one report's lines (catalogue/report-states.pages.ts), the page its line count opens.
const LINES_PAGE = 'report.reportLines';

/**
 * One filed report (stock, sales or purchase) with its decision panel, and under its figures the lines
 * it counts: the rows the lines page lists for its number, paged as there. Filtering and exporting
 * them is that page's, one link away.
 */
export default function ReportStateDetailPage(props: PageProps) {
  return (
    <RecordPage {...props}>
      {(values) =>
        values.ReportNo ? (
          <ReportLines key={String(values.ReportNo)} reportNo={String(values.ReportNo)} />
        ) : null
      }
    </RecordPage>
  );
}

function ReportLines({ reportNo }: { reportNo: string }) {
  const t = useT();
  const lang = useLang();
  const langRef = useRef(lang);
  langRef.current = lang;
  const page = pageById(LINES_PAGE)!;
  const offer = usePageOffer(page);
  const table = useActorRef(
    tableLogicFor(page, () => langRef.current),
    {
      input: {
        initial: { ReportNo: reportNo },
        dictionaryCodes: dictionaryCodesOf(page),
        cells: page,
        role: offer.roleCode,
      },
    },
  );
  return (
    <fieldset className="portal-record-panel portal-record-list" data-testid="report-lines">
      <legend>{t(page.titleKey)}</legend>
      <p>
        <Link href={`${page.path}?${new URLSearchParams({ ReportNo: reportNo })}`}>
          {t('reportStates.lines.openAll')}
        </Link>
      </p>
      <DataGrid
        page={page}
        canOpen={offer.canOpen}
        editsCells={offer.offered.has('update')}
        table={table}
        labelOf={(field) => fieldLabel(t, page.resource, field)}
        onOpen={() => undefined}
        t={t}
      />
    </fieldset>
  );
}
