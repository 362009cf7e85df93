import { useT } from '../app-context';
import type { PageProps } from './page-view';

/** A catalogue page whose view is not drawn yet shows its title, so the route is visibly alive. */
export default function PendingPage({ page }: PageProps) {
  const t = useT();
  return (
    <section className="portal-page">
      <h2>{t(page.titleKey)}</h2>
    </section>
  );
}
