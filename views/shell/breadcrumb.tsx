import { pageById } from '../../catalogue/catalogue';
import type { PageEntry } from '../../catalogue/types';
import { moduleOfPage } from '../../machines/shell/menu';
import { useT } from '../app-context';

/** Module › parent page › page, from the catalogue. */
export function Breadcrumb({ page }: { page: PageEntry }) {
  const t = useT();
  const module = moduleOfPage(page);
  const parent = page.parent ? pageById(page.parent) : undefined;
  const crumbs = [module?.topTitleKey, parent?.titleKey, page.titleKey].filter(Boolean) as string[];
  return (
    <nav className="portal-breadcrumb" aria-label={t('app.shell.breadcrumb')}>
      {crumbs.map((key, i) => (
        <span key={key} className={i === crumbs.length - 1 ? 'is-current' : ''}>
          {t(key)}
        </span>
      ))}
    </nav>
  );
}
