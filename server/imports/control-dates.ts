import { sql } from 'kysely';
import { ReportType } from '../../domain/codes/reports.codes';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { fieldError } from '../http/validate';
import type { ResourceDef } from '../resources/registry';

/** A report period: a calendar month, 'YYYY-MM'. */
export const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The report type (dictionary ReportType) whose control dates lock each report resource. */
export const REPORT_TYPE_OF: Record<string, string> = {
  purchaseReport: ReportType.purchases,
  salesReport: ReportType.sales,
  stockReport: ReportType.stock,
  shipmentReport: ReportType.shipments,
  rspShipmentReport: ReportType.shipments,
};

/**
 * Whether a period of a report type is locked for an agent's province (notes/domain.md §7.3): a
 * control date set for the period and type — for every province, or the agent's own — has passed.
 * Late data then needs a late-report request (server/reports/report-lock.ts decides who may write it).
 */
export async function isPeriodLocked(
  db: Db,
  period: string,
  reportType: string,
  provinceCode: string | null,
  at: Date,
): Promise<boolean> {
  const result = await sql<{ n: number }>`select count(*)::int as n from record c
    left join region r on r.code = ${provinceCode}
    where c.resource = 'reportControlDate' and c.data->>'Period' = ${period}
      and c.data->>'ReportType' = ${reportType}
      and (coalesce(c.data->>'ProvinceName', '') = '' or c.data->>'ProvinceName' in (r.name_zh, r.name_en, r.code))
      and c.data->>'ControlDate' is not null and (c.data->>'ControlDate')::timestamptz <= ${at.toISOString()}::timestamptz`.execute(
    db,
  );
  return (result.rows[0]?.n ?? 0) > 0;
}

/** The refusal that names the period, as an import row reason or an edit's answer. */
export const periodLockedError = (period: string) =>
  new PortalError(409, 'imports.server.periodLocked', { period });

/**
 * A control date names its period as a month and its province, when it names one, as a province the
 * portal knows (by its name in either language, or its code, as the locks and the deadline job read
 * it): any other text would lock nothing and open no report, while the list shows it as set.
 */
export async function checkControlDate(
  trx: Db,
  def: ResourceDef,
  _caller: Caller,
  record: Record<string, unknown>,
) {
  if (typeof record.Period === 'string' && !PERIOD.test(record.Period))
    throw fieldError(def.name, 'Period', 'imports.reasons.periodFormat');
  const province = typeof record.ProvinceName === 'string' ? record.ProvinceName.trim() : '';
  if (!province) return;
  const known = await sql<{ n: number }>`select count(*)::int as n from region
    where level = 'province' and ${province} in (name_zh, name_en, code)`.execute(trx);
  if (!known.rows[0]?.n) throw fieldError(def.name, 'ProvinceName', 'imports.reasons.provinceUnknown');
}
