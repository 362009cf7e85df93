import { sql } from 'kysely';
import { z } from 'zod';
import { COMPANY_SOURCES, MAX_COMPANY_NAME, MIN_FULL_COMPANY_NAME } from '../../domain/company-lookup';
import { COMPANY_PICKER_PAGE_SIZE, REGISTRY_PICKER_PAGE_SIZE } from '../../domain/constants';
import { isValidCreditCode, normalizeCreditCode } from '../../domain/credit-code';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { likePattern } from '../resources/expressions';
import { scopeCondition } from '../resources/scope';
import { MAX_PAGE_SIZE } from '../resources/search';
import {
  type CompanyRegistrySettings,
  companyKeyInRegistry,
  type RegistryResultRow,
  searchCompanyRegistry,
} from './company-registry';
import { offsetOf, pickerPaging } from './paging';

export const localCompanyQuery = z.object({
  ...pickerPaging,
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(COMPANY_PICKER_PAGE_SIZE),
});
export type LocalCompanyQuery = z.infer<typeof localCompanyQuery>;

/**
 * POST /companyInfo/search, the lookup's first step (SPEC §4 "local customer search"): the agents the
 * caller may see and the companies recorded earlier from the registry or by hand, one row per name.
 */
export async function searchLocalCompanies(db: Db, caller: Caller, query: LocalCompanyQuery) {
  const pattern = likePattern(query.keyword ?? '');
  const hits = sql`
    select distinct on (company_name) company_name, credit_code, representative from (
      select t.name as company_name, t.credit_code, t.data ->> 'ExtLegalRepresentative_SDK' as representative, 0 as rank, t.created_at
        from customer t where ${scopeCondition(caller)} and t.name ilike ${pattern}
      union all
      select i.company_name, i.credit_code, i.representative, 1 as rank, i.created_at
        from company_info i where i.company_name ilike ${pattern}
    ) found order by company_name, rank, created_at desc`;
  const [rows, count] = await Promise.all([
    sql<{ company_name: string; credit_code: string | null; representative: string | null }>`
      select * from (${hits}) h order by company_name limit ${query.pageSize} offset ${offsetOf(query)}`.execute(
      db,
    ),
    sql<{ n: number }>`select count(*)::int as n from (${hits}) h`.execute(db),
  ]);
  return {
    rows: rows.rows.map((r) => ({
      CompanyName: r.company_name,
      CreditCode: r.credit_code,
      Representative: r.representative,
    })),
    total: count.rows[0]?.n ?? 0,
  };
}

export const registryQuery = z.object({
  searchKey: z.string().trim().min(2).max(100),
  currentPage: pickerPaging.currentPage,
  pageSize: z.coerce.number().int().default(REGISTRY_PICKER_PAGE_SIZE),
});
export type RegistryQuery = z.infer<typeof registryQuery>;

/** A company of the local sample (company_registry, migration 006). */
interface SampleRow {
  key_no: string;
  name: string;
  credit_code: string;
  oper_name: string;
  status: string;
  start_date: string;
  reg_no: string;
  address: string;
}

/**
 * POST /qcc/search: the registry by name, legal representative or exact credit code, in 企查查's
 * answer shape (results.Result, results.Paging.TotalRecords). The registry picker pages by 20 only.
 * With a registry configured the search goes to it; without one it answers from the local sample and
 * says so (Source 'sample'), so the picker can tell a person these companies are invented.
 */
export async function searchRegistry(db: Db, query: RegistryQuery, registry?: CompanyRegistrySettings) {
  if (query.pageSize !== REGISTRY_PICKER_PAGE_SIZE) {
    throw new PortalError(400, 'server.registryPageSize', { size: REGISTRY_PICKER_PAGE_SIZE });
  }
  const paging = { PageIndex: query.currentPage, PageSize: query.pageSize };
  if (registry) {
    const found = await searchCompanyRegistry(registry, {
      searchKey: query.searchKey,
      pageIndex: query.currentPage,
      pageSize: query.pageSize,
    });
    return {
      Source: 'registry' as const,
      Result: found.rows,
      Paging: { TotalRecords: found.total, ...paging },
    };
  }
  const pattern = likePattern(query.searchKey);
  const where = sql<boolean>`(name ilike ${pattern} or oper_name ilike ${pattern} or credit_code = ${normalizeCreditCode(query.searchKey)})`;
  const [rows, count] = await Promise.all([
    sql<SampleRow>`select key_no, name, credit_code, oper_name, status, to_char(start_date, 'YYYY-MM-DD') as start_date, reg_no, address
      from company_registry where ${where} order by name, key_no
      limit ${query.pageSize} offset ${offsetOf(query)}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from company_registry where ${where}`.execute(db),
  ]);
  return {
    Source: 'sample' as const,
    Result: rows.rows.map(
      (r): RegistryResultRow => ({
        KeyNo: r.key_no,
        Name: r.name,
        CreditCode: r.credit_code,
        OperName: r.oper_name,
        Status: r.status,
        StartDate: r.start_date,
        No: r.reg_no,
        Address: r.address,
      }),
    ),
    Paging: { TotalRecords: count.rows[0]?.n ?? 0, ...paging },
  };
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => v || undefined);

export const companyChoice = z.object({
  /** When the person chose (the client's clock); who and the server's time are recorded beside it. */
  creationDateTime: z.union([z.number().int().positive(), z.iso.datetime({ offset: true })]).optional(),
  companyName: z.string().trim().min(MIN_FULL_COMPANY_NAME).max(MAX_COMPANY_NAME),
  creditCode: optionalText(18),
  representative: optionalText(50),
  source: z.enum(COMPANY_SOURCES),
});
export type CompanyChoice = z.infer<typeof companyChoice>;

/**
 * POST /companyInfo/saveCompanyInfo (SPEC §7 the recording POST): who chose which company, and when.
 * A registry choice must be a company the registry holds — the configured registry, asked by the
 * credit code, else the local sample; a hand-typed one may carry a credit code only if it passes the check.
 */
export async function saveCompanyChoice(
  db: Db,
  caller: Caller,
  choice: CompanyChoice,
  registry?: CompanyRegistrySettings,
) {
  const creditCode = choice.creditCode ? normalizeCreditCode(choice.creditCode) : undefined;
  if (creditCode && !isValidCreditCode(creditCode)) {
    throw new PortalError(400, 'server.creditCodeInvalid', { code: choice.creditCode });
  }
  let keyNo: string | null = null;
  if (choice.source === 'registry') {
    const found = registry
      ? await companyKeyInRegistry(registry, choice.companyName, creditCode ?? '')
      : (
          await sql<{ key_no: string }>`select key_no from company_registry
            where name = ${choice.companyName} and credit_code = ${creditCode ?? ''}`.execute(db)
        ).rows[0]?.key_no;
    if (!found) throw new PortalError(400, 'server.registryMismatch', { name: choice.companyName });
    keyNo = found;
  }
  const chosenAt =
    choice.creationDateTime === undefined ? null : new Date(choice.creationDateTime).toISOString();
  const saved = await sql<{ object_id: string; created_at: Date }>`insert into company_info
      (company_name, credit_code, representative, source, registry_key_no, chosen_at, created_by, created_by_name)
    values (${choice.companyName}, ${creditCode ?? null}, ${choice.representative ?? null}, ${choice.source},
      ${keyNo}, ${chosenAt}, ${caller.employeeId}, ${caller.lastName})
    returning object_id, created_at`.execute(db);
  const row = saved.rows[0]!;
  return {
    ObjectID: row.object_id,
    CompanyName: choice.companyName,
    CreditCode: creditCode ?? null,
    Representative: choice.representative ?? null,
    Source: choice.source,
    KeyNo: keyNo,
    creationDateTime: chosenAt,
    CreatedBy: caller.lastName,
    CreationOn: row.created_at instanceof Date ? row.created_at.toISOString() : row.created_at,
  };
}
