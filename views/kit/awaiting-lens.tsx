import { Link } from 'wouter';
import { useT } from '../app-context';

/** The query flag of the dashboard's to-do cards: the list shows only what waits for the caller. */
export const awaitingMeOf = (query: string) => new URLSearchParams(query).get('AwaitingMe') === '1';

/** Says the list shows only what waits for the caller, with the way back to the whole list. */
export function AwaitingLens({ path }: { path: string }) {
  const t = useT();
  return (
    <div className="portal-hint" data-awaiting-lens>
      <i className="pi pi-inbox" aria-hidden="true" /> {t('app.dashboard.awaitingOnly')}{' '}
      <Link href={path}>{t('app.dashboard.showAll')}</Link>
    </div>
  );
}
