import { useT } from '../app-context';
import type { PageProps } from '../pages/page-view';
import { fieldLabel } from './labels';

/** The generic detail/edit frame: the catalogue's fields as a description list. */
export default function RecordPage({ page }: PageProps) {
  const t = useT();
  return (
    <section className="portal-page" aria-label={t(page.titleKey)}>
      <h2>{t(page.titleKey)}</h2>
      <dl className="portal-description">
        {(page.fields ?? []).map((f) => (
          <div key={f.field}>
            <dt>
              {fieldLabel(t, page.resource, f.field)}
              {f.required && page.kind === 'edit' && <span className="portal-required">*</span>}
            </dt>
            <dd>—</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
