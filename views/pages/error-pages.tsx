import { Link } from 'wouter';
import { useT } from '../app-context';

function ErrorPage({ code, title, text }: { code: string; title: string; text: string }) {
  const t = useT();
  return (
    <div className="portal-error-page">
      <h1>{code}</h1>
      <h2>{t(title)}</h2>
      <p>{t(text)}</p>
      <Link href="/dashboard">{t('app.errors.backHome')}</Link>
    </div>
  );
}

export const NotFoundPage = () => (
  <ErrorPage code="404" title="app.errors.notFoundTitle" text="app.errors.notFound" />
);
export const UnauthorizedPage = () => (
  <ErrorPage code="401" title="app.errors.unauthorizedTitle" text="app.errors.unauthorized" />
);
