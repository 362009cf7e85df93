import '../styles/dashboard.css';
import { useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { formatPrice } from '../../domain/format';
import { opportunitySummaryLogic } from '../../machines/business/opportunity-summary.actors';
import type { SummaryRow } from '../../machines/business/opportunity-summary.machine';
import { useLang, useT } from '../app-context';
import { fieldLabel } from '../kit/labels';
import { SearchBar } from '../kit/search-bar';
import type { PageProps } from './page-view';

const GROUPS = [
  { key: 'byStage', field: 'ExtOpportunityStage_SDK', dict: 'OpportunityStage' },
  { key: 'byProvince', field: 'ProvinceName', dict: undefined },
  { key: 'byProductLine', field: 'ProductLine', dict: 'ProductLineInfo' },
] as const;

/**
 * The opportunity report: the caller's opportunities by stage, province and product line, with the estimated and won
 * amounts, computed by the server from the opportunities (server/opportunities/opportunity-summary.ts).
 */
export default function OpportunityReportPage({ page }: PageProps) {
  const t = useT();
  const lang = useLang();
  const report = useActorRef(opportunitySummaryLogic, { input: { lang } });
  const summary = useSelector(report, (s) => s.context.summary);
  const form = useSelector(report, (s) => s.context.form);
  const busy = useSelector(report, (s) => s.hasTag('busy'));
  const failure = useSelector(report, (s) => (s.matches('failed') ? s.context.error : undefined));
  const labelOf = (field: string) => fieldLabel(t, 'opportunityReport', field);

  return (
    <section className="portal-page portal-dashboard" aria-label={t(page.titleKey)} aria-busy={busy}>
      <h2>{t(page.titleKey)}</h2>
      <SearchBar
        filters={page.filters ?? []}
        labelOf={labelOf}
        dictionaries={summary?.dictionaries ?? {}}
        form={form}
        onFormChange={(next) => report.send({ type: 'filters.change', form: next })}
        onSearch={() => report.send({ type: 'filters.search' })}
        onReset={() => report.send({ type: 'filters.reset' })}
        t={t}
      />
      <p className="portal-hint">{t('opportunityReport.note')}</p>
      {failure && (
        <div className="portal-form-error" role="alert">
          {t('app.kit.loadFailed', { message: failure })}{' '}
          <Button
            type="button"
            text
            size="small"
            label={t('app.kit.toolbar.refresh')}
            onClick={() => report.send({ type: 'summary.reload' })}
          />
        </div>
      )}
      {GROUPS.map((group) => {
        const words = group.dict ? summary?.words[group.dict] : undefined;
        const name = (row: SummaryRow) => (row.key === null ? '—' : (words?.[row.key] ?? row.key));
        return (
          <section key={group.key} className="portal-recent" aria-label={t(`opportunityReport.${group.key}`)}>
            <h3>{t(`opportunityReport.${group.key}`)}</h3>
            <DataTable
              value={summary?.[group.key] ?? []}
              dataKey="key"
              size="small"
              stripedRows
              scrollable
              loading={busy}
              emptyMessage={t('app.kit.empty')}
              className="portal-grid"
            >
              <Column header={labelOf(group.field)} body={name} />
              <Column header={t('opportunityReport.count')} field="count" bodyClassName="portal-number" />
              <Column
                header={t('opportunityReport.amount')}
                body={(row: SummaryRow) => formatPrice(row.amount)}
                bodyClassName="portal-number"
              />
              <Column
                header={t('opportunityReport.pipelineCount')}
                field="pipelineCount"
                bodyClassName="portal-number"
              />
              <Column
                header={t('opportunityReport.pipelineAmount')}
                body={(row: SummaryRow) => formatPrice(row.pipelineAmount)}
                bodyClassName="portal-number"
              />
              <Column
                header={t('opportunityReport.wonCount')}
                field="wonCount"
                bodyClassName="portal-number"
              />
              <Column
                header={t('opportunityReport.wonAmount')}
                body={(row: SummaryRow) => formatPrice(row.wonAmount)}
                bodyClassName="portal-number"
              />
              <Column
                header={t('opportunityReport.lostCount')}
                field="lostCount"
                bodyClassName="portal-number"
              />
              <Column
                header={t('opportunityReport.voidCount')}
                field="voidCount"
                bodyClassName="portal-number"
              />
            </DataTable>
          </section>
        );
      })}
    </section>
  );
}
