import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BooksCheckAnswer } from '../../domain/books';
import { businessIso } from '../../domain/business-clock';
import type { Db } from '../db/database';
import { callerOf } from '../http/auth';
import { forbidden, ok } from '../http/envelope';
import { type Lang, langOf, translate } from '../http/i18n';
import { isSystemAdmin } from '../identity/roles';
import { lastBooksCheck, recordBooksCheck, type StoredBooksCheck } from './books-check.repo';
import { checkBooks, findingText, invariantOf, ruleTitle } from './check-books';

function toWire(run: StoredBooksCheck | undefined, lang: Lang): BooksCheckAnswer {
  if (!run) return { LastRun: null };
  return {
    LastRun: {
      StartedOn: businessIso(run.startedAt),
      Seconds: Math.round((run.finishedAt.getTime() - run.startedAt.getTime()) / 100) / 10,
      Trigger: run.trigger,
      RunByName: run.runByName,
      Violations: run.violations,
      Rules: run.checks.map((check) => {
        const invariant = invariantOf(check.key);
        return {
          Key: check.key,
          Area: translate(lang, `books.areas.${check.area}`),
          Title: ruleTitle(lang, check.key),
          Total: check.total,
          ...(invariant?.page ? { Page: invariant.page } : {}),
          ...(check.failure ? { Failure: check.failure } : {}),
          Findings: check.rows.map((row) => ({
            ObjectID: row.object_id,
            Label: row.label,
            Text: findingText(lang, check.key, row),
          })),
        };
      }),
    },
  };
}

/**
 * 系统管理 › 账务核对 (docs/books.md): the last check of the books and a check now. The report names
 * every company's records, so only the system administrator may read or run it.
 */
export function booksRoutes(app: FastifyInstance, db: Db) {
  const access = { config: { access: { resource: 'booksCheck' } } } as const;
  const administrator = (request: FastifyRequest) => {
    const caller = callerOf(request);
    if (!isSystemAdmin(caller.roleCode)) throw forbidden();
    return caller;
  };
  const lang = (request: FastifyRequest) => langOf(request.headers['accept-language']);

  app.post('/portal/booksCheck/last', access, async (request) => {
    administrator(request);
    return ok(toWire(await lastBooksCheck(db), lang(request)));
  });

  app.post('/portal/booksCheck/run', access, async (request) => {
    const caller = administrator(request);
    const report = await checkBooks(db);
    await recordBooksCheck(db, report, 'manual', caller.lastName);
    return ok(toWire(await lastBooksCheck(db), lang(request)));
  });
}
