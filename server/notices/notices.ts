import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db/database';
import { callerOf } from '../http/auth';
import { ok } from '../http/envelope';
import { parseBody } from '../http/validate';
import type { Clock } from '../workflows/clock';

/** What a notice says (locale `notices.kinds.<kind>`, filled with its params) and the record it opens. */
export interface Notice {
  kind: string;
  params: Record<string, string>;
  pageId?: string;
  recordId?: string;
}

/** Who is told: every enabled person of these companies, and these people themselves. */
export interface Parties {
  companies?: (string | null | undefined)[];
  people?: (string | null | undefined)[];
}

const idsOf = (ids: (string | null | undefined)[] = []) => [
  ...new Set(ids.filter((id): id is string => !!id)),
];

/**
 * Tells the parties what happened, in the transaction that made it happen: one notice for each
 * enabled person, however many ways they are concerned (the applicant is also of the owner), so each
 * reads it once and on their own.
 */
export async function notifyParties(trx: Db, parties: Parties, notice: Notice, clock?: Clock) {
  const companies = idsOf(parties.companies);
  const people = idsOf(parties.people);
  if (!companies.length && !people.length) return;
  const at = clock?.at ?? new Date();
  const told = [
    ...(companies.length ? [sql`company_id::text in (${sql.join(companies)})`] : []),
    ...(people.length ? [sql`object_id::text in (${sql.join(people)})`] : []),
  ];
  await sql`insert into notice (employee_id, kind, params, page_id, record_id, created_at)
    select object_id, ${notice.kind}, ${JSON.stringify(notice.params)}::jsonb, ${notice.pageId ?? null},
      ${notice.recordId ?? null}::uuid, ${at}
    from employee where enabled and (${sql.join(told, sql` or `)})`.execute(trx);
}

/** Tells every enabled person of a company what happened, in the transaction that made it happen. */
export const notifyCompany = (trx: Db, companyId: string | null | undefined, notice: Notice, clock?: Clock) =>
  notifyParties(trx, { companies: [companyId] }, notice, clock);

/**
 * Tells the parties once per occasion (a protection's end date): a job that runs again, or two runs at
 * once, find the occasion taken and tell nobody. Answers whether this call told them.
 */
export async function notifyOnce(
  trx: Db,
  occasion: { recordId: string; key: string },
  parties: Parties,
  notice: Notice,
  clock?: Clock,
) {
  const taken = await sql`insert into notice_occasion (kind, record_id, occasion)
    values (${notice.kind}, ${occasion.recordId}::uuid, ${occasion.key}) on conflict do nothing`.execute(trx);
  if (Number(taken.numAffectedRows ?? 0) !== 1) return false;
  await notifyParties(trx, parties, notice, clock);
  return true;
}

/** The caller's latest notices, newest first, and how many are unread. */
const NEWEST = 20;

async function myNotices(db: Db, employeeId: string) {
  const { rows } = await sql<{
    ObjectID: string;
    Kind: string;
    Params: Record<string, string>;
    PageID: string | null;
    RecordID: string | null;
    CreatedOn: Date;
    Read: boolean;
  }>`select object_id as "ObjectID", kind as "Kind", params as "Params", page_id as "PageID",
      record_id as "RecordID", created_at as "CreatedOn", read_at is not null as "Read"
    from notice where employee_id = ${employeeId} order by created_at desc limit ${NEWEST}`.execute(db);
  const unread = await sql<{ n: number }>`select count(*)::int as n from notice
    where employee_id = ${employeeId} and read_at is null`.execute(db);
  return { Unread: unread.rows[0]?.n ?? 0, Notices: rows };
}

const readCommand = z.object({ ObjectIDs: z.array(z.string().uuid()).max(100) });

export function noticeRoutes(app: FastifyInstance, db: Db) {
  const session = { config: { access: 'session' as const } };
  app.post('/portal/notice/mine', session, async (request) =>
    ok(await myNotices(db, callerOf(request).employeeId)),
  );
  // Only the caller's own notices are marked: anyone else's id is passed over.
  app.post('/portal/notice/read', session, async (request) => {
    const { ObjectIDs } = parseBody(readCommand, request.body ?? {});
    const me = callerOf(request).employeeId;
    if (ObjectIDs.length)
      await sql`update notice set read_at = now()
        where employee_id = ${me} and read_at is null and object_id in (${sql.join(ObjectIDs)})`.execute(db);
    return ok(await myNotices(db, me));
  });
}
