import { useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { useMemo } from 'react';
import { pageById } from '../../catalogue/catalogue';
import type { PageEntry } from '../../catalogue/types';
import { ownCompanyLogic } from '../../machines/customers/own-company.actors';
import { selectEmployee } from '../../machines/session/session.selectors';
import { useApp, useT } from '../app-context';
import RecordPage from '../kit/record-page';
import type { PageProps } from './page-view';

/**
 * An agent's own company (customers.myCompany): the vendor's detail page of its tier, read-only,
 * under this page's title and path, opened on the company the account belongs to. The server reads
 * it through the caller's scope and offers in its panel only the applications an agent may make.
 */
export default function MyCompanyPage({ page, params }: PageProps) {
  const t = useT();
  const { session } = useApp();
  const companyId = useSelector(session, (s) => selectEmployee(s)?.ExtCompanyID_SDK);
  const company = useActorRef(ownCompanyLogic, {
    input: { companyId: typeof companyId === 'string' ? companyId : undefined },
  });
  const objectId = useSelector(company, (s) => (s.matches('shown') ? s.context.objectId : undefined));
  const detailPage = useSelector(company, (s) => s.context.detailPage);
  const failure = useSelector(company, (s) => (s.matches('failed') ? s.context.error : undefined));
  const noCompany = useSelector(company, (s) => s.matches('noCompany'));
  const entry = useMemo<PageEntry | undefined>(() => {
    const detail = detailPage ? pageById(detailPage) : undefined;
    return detail && { ...detail, id: page.id, path: page.path, titleKey: page.titleKey, parent: undefined };
  }, [detailPage, page]);

  if (entry && objectId)
    return <RecordPage page={entry} params={params} query={`objectID=${objectId}&action=detail`} />;
  return (
    <section className="portal-page portal-record-page" aria-label={t(page.titleKey)}>
      <h2>{t(page.titleKey)}</h2>
      {noCompany && <p className="portal-hint">{t('customerWorkflow.noOwnCompany')}</p>}
      {failure && (
        <div className="portal-form-error" role="alert">
          {t('app.kit.loadFailed', { message: failure })}{' '}
          <Button
            type="button"
            text
            size="small"
            label={t('customerWorkflow.reload')}
            onClick={() => company.send({ type: 'company.reload' })}
          />
        </div>
      )}
    </section>
  );
}
