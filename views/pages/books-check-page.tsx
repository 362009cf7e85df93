import '../styles/kit.css';
import '../styles/books.css';
import { useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { Link } from 'wouter';
import { pageById } from '../../catalogue/catalogue';
import type { BooksCheckRun, BooksRule } from '../../domain/books';
import { formatDateTime } from '../../domain/format';
import { booksCheckMachine } from '../../machines/admin/books-check.machine';
import { useT } from '../app-context';
import { useNoticeToasts } from '../kit/use-notice-toasts';
import type { PageProps } from './page-view';

type T = ReturnType<typeof useT>;

function RunSummary({ run, t }: { run: BooksCheckRun; t: T }) {
  const broken = run.Rules.filter((rule) => rule.Total > 0).length;
  return (
    <div className="portal-books-summary" data-testid="books-summary">
      <p>
        {t('books.summary', {
          time: formatDateTime(run.StartedOn),
          trigger: t(`books.trigger.${run.Trigger}`),
          by: run.RunByName ? t('books.by', { name: run.RunByName }) : '',
          seconds: run.Seconds,
          invariants: run.Rules.length,
        })}
      </p>
      <p className={broken ? 'portal-books-bad' : 'portal-books-good'} role="status">
        {broken ? t('books.unbalanced', { broken, violations: run.Violations }) : t('books.balanced')}
      </p>
    </div>
  );
}

function RuleRow({ rule, t }: { rule: BooksRule; t: T }) {
  const page = rule.Page ? pageById(rule.Page) : undefined;
  return (
    <li className="portal-books-rule" data-rule={rule.Key} data-total={rule.Total}>
      <div className="portal-books-rule-head">
        <span className="portal-books-area">{rule.Area}</span>
        <strong>{rule.Title}</strong>
        <span className={rule.Total ? 'portal-books-bad' : 'portal-books-good'}>
          {rule.Total ? t('books.violations', { count: rule.Total }) : t('books.holds')}
        </span>
      </div>
      {rule.Failure && <p className="portal-books-bad">{t('books.failed', { why: rule.Failure })}</p>}
      {rule.Findings.length > 0 && (
        <ul className="portal-books-findings">
          {rule.Findings.map((finding) => (
            <li key={`${finding.ObjectID}:${finding.Text}`}>
              {page ? (
                <Link href={`${page.path}?objectID=${finding.ObjectID}&action=detail`}>{finding.Text}</Link>
              ) : (
                finding.Text
              )}
            </li>
          ))}
          {rule.Total > rule.Findings.length && (
            <li className="portal-hint">{t('books.more', { count: rule.Total - rule.Findings.length })}</li>
          )}
        </ul>
      )}
    </li>
  );
}

/**
 * System › Books check (docs/books.md): the last check of the books — when, by what, each rule and the
 * records that break it, linked to their pages — and a check now.
 */
export default function BooksCheckPage({ page }: PageProps) {
  const t = useT();
  const books = useActorRef(booksCheckMachine);
  const run = useSelector(books, (s) => s.context.run);
  const failure = useSelector(books, (s) => s.context.failure);
  const checking = useSelector(books, (s) => s.matches('checking'));
  const loading = useSelector(books, (s) => s.matches('loading'));
  useNoticeToasts(books);
  // Rules that do not hold come first: they are what the administrator opened the page for.
  const rules = run ? [...run.Rules].sort((a, b) => Number(b.Total > 0) - Number(a.Total > 0)) : [];

  return (
    <section className="portal-page portal-books-page" aria-label={t(page.titleKey)}>
      <div className="portal-toolbar">
        <Button
          size="small"
          icon="pi pi-check-square"
          label={checking ? t('books.running') : t('books.runNow')}
          loading={checking}
          disabled={checking || loading}
          onClick={() => books.send({ type: 'books.run' })}
        />
        <span className="portal-hint">{t('books.lastRun')}</span>
      </div>
      {failure && <p className="portal-books-bad">{failure}</p>}
      {!loading && !failure && !run && <p className="portal-hint">{t('books.never')}</p>}
      {run && <RunSummary run={run} t={t} />}
      {rules.length > 0 && (
        <ul className="portal-books-rules" aria-label={t('books.rule')}>
          {rules.map((rule) => (
            <RuleRow key={rule.Key} rule={rule} t={t} />
          ))}
        </ul>
      )}
    </section>
  );
}
