import { pageById } from '../../catalogue/catalogue';
import { startOfBusinessDay } from '../../domain/business-clock';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { badField } from '../http/envelope';
import { type Lang, translate } from '../http/i18n';
import { MAX_PAGE } from '../http/validate';
import { MAX_PAGE_SIZE } from '../resources/search';
import { dictionaryTexts } from './cell-text';
import { administersExports, jobTable, shownStatus } from './export-jobs';

type Body = Record<string, unknown>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A time bound of the log filter: epoch milliseconds (SPEC §9) or a business day. */
function instantOf(value: unknown, key: string, end: boolean): Date | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'number' || /^\d{10,14}$/.test(String(value))) return new Date(Number(value));
  const day = String(value);
  if (!DAY.test(day)) throw badField(key, 'server.problems.date');
  const start = startOfBusinessDay(day);
  return end ? new Date(start.getTime() + 86_400_000 - 1) : start;
}

function pageOf(body: Body) {
  const currentPage = body.currentPage === undefined ? 1 : Number(body.currentPage);
  const pageSize = body.pageSize === undefined ? 10 : Number(body.pageSize);
  // A page past any real log (1e300 is an integer to JavaScript) would reach SQL as an offset it refuses.
  if (!Number.isInteger(currentPage) || currentPage < 1 || currentPage > MAX_PAGE)
    throw badField('currentPage', 'server.problems.positiveInteger');
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE)
    throw badField('pageSize', 'server.problems.positiveInteger');
  return { currentPage, pageSize };
}

/**
 * The caller's own export jobs, or everyone's to an export administrator, newest first (SPEC §3
 * export log row: statusName, createName, createdTime, file), with the progress of the running ones.
 */
export async function searchExportLog(db: Db, caller: Caller, body: Body, lang: Lang) {
  const { currentPage, pageSize } = pageOf(body);
  let query = jobTable(db).selectFrom('export_job');
  if (!(await administersExports(db, caller))) query = query.where('created_by', '=', caller.employeeId);
  if (typeof body.configCode === 'string' && body.configCode.trim())
    query = query.where('config_code', '=', body.configCode.trim());
  if (typeof body.createName === 'string' && body.createName.trim())
    query = query.where('created_by_name', 'ilike', `%${body.createName.trim().replace(/[\\%_]/g, '\\$&')}%`);
  if (typeof body.status === 'string' && body.status) query = query.where('status', '=', body.status);
  const from = instantOf(body.createdTimeStart, 'createdTimeStart', false);
  const to = instantOf(body.createdTimeEnd, 'createdTimeEnd', true);
  if (from) query = query.where('created_at', '>=', from);
  if (to) query = query.where('created_at', '<=', to);

  const ascending = body.sort === 'createdTime';
  const [rows, count, texts] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', ascending ? 'asc' : 'desc')
      .orderBy('object_id', ascending ? 'asc' : 'desc')
      .limit(pageSize)
      .offset((currentPage - 1) * pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    dictionaryTexts(db, ['ExportStatus'], lang),
  ]);
  const now = Date.now();
  const records = rows.map((job) => {
    const status = shownStatus(job, now);
    const page = pageById(job.page_id);
    return {
      ObjectID: job.object_id,
      configCode: job.config_code,
      configName: page ? translate(lang, page.titleKey) : job.config_code,
      status,
      statusName: texts.get('ExportStatus')?.get(status) ?? status,
      createName: job.created_by_name,
      createdTime: job.created_at.toISOString(),
      finishedTime: job.finished_at?.toISOString() ?? null,
      total: job.total,
      done: job.done,
      rowCount: job.total,
      file: job.file_name,
      error: status === job.status ? job.error : null,
    };
  });
  return { records, total: Number(count?.n ?? 0) };
}
