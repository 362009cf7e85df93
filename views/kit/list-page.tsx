import { Button } from 'primereact/button';
import { useT } from '../app-context';
import type { PageProps } from '../pages/page-view';
import { fieldLabel } from './labels';

/** The generic list frame: the catalogue's toolbar, filters and columns around the page's rows. */
export default function ListPage({ page }: PageProps) {
  const t = useT();
  const columns = page.columns ?? [];
  return (
    <section className="portal-page portal-list-page" aria-label={t(page.titleKey)}>
      <div className="portal-search-bar">
        {(page.filters ?? [])
          .filter((f) => f.primary)
          .map((f) => (
            <span key={f.field} className="portal-filter-chip">
              {fieldLabel(t, page.resource, f.field)}
            </span>
          ))}
      </div>
      <div className="portal-toolbar">
        {(page.toolbar ?? []).map((action) => (
          <Button key={action} size="small" label={t(`app.kit.toolbar.${action}`)} outlined />
        ))}
      </div>
      <div className="portal-table-wrap">
        <table className="portal-table">
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.field}>{fieldLabel(t, page.resource, c.field)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <td colSpan={Math.max(columns.length, 1)} className="portal-table-empty">
                {t('app.kit.empty')}
              </td>
            </tr>
          </tbody>
        </table>
      </div>
    </section>
  );
}
