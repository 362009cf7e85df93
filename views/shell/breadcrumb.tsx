import type { PageRoute } from '../../catalogue/route-fields';
import { moduleOfPage } from '../../machines/shell/menu';
import { menuPageOf } from '../../machines/shell/origin';
import { useT } from '../app-context';

/** Module › parent page › page: a detail's parent is the list it was opened from (`from`). */
export function Breadcrumb({ page, from }: { page: PageRoute; from?: string }) {
  const t = useT();
  const module = moduleOfPage(page);
  const parent = menuPageOf(page, from);
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
