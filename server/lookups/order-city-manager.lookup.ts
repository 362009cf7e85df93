import { sql } from 'kysely';
import { z } from 'zod';
import { ROLE } from '../../domain/roles';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import type { Lang } from '../http/i18n';
import { fieldError, fieldMissing } from '../http/validate';
import { checkLoanFormOpen, LOAN_FORM } from '../loans/loan-entry.service';
import { agentFor, checkEntryFormOpen, ENTRY_FORMS } from '../orders/order-entry.rules';
import { choosableCityManagers, formNamesCityManager } from '../orders/order-references';
import { pageOf, pickerPaging } from './paging';
import { likeMatch } from './text';

export const orderCityManagerQuery = z.object({
  ...pickerPaging,
  /** The entry form asking: one that names the order's (or loan's) city manager, open to the caller. */
  PageID: z.string().trim().max(100),
  /** The agent the form holds now: its city's managers are the ones offered. */
  AgentName: z.string().trim().max(200).optional(),
});
export type OrderCityManagerQuery = z.infer<typeof orderCityManagerQuery>;

/** Whether the form asking names a city manager by this picker and is open to the caller (403 if not). */
async function checkFormAsking(db: Db, caller: Caller, pageId: string) {
  if (pageId === LOAN_FORM) return checkLoanFormOpen(db, caller);
  // An entry form, so that whether it is open to the caller is checked below.
  if (!Object.hasOwn(ENTRY_FORMS, pageId) || !formNamesCityManager(pageId))
    throw fieldError(undefined, 'PageID', 'ordersEntry.formNamesNoCityManager');
  await checkEntryFormOpen(db, caller, pageId);
}

/**
 * POST /orderCityManagerLookup/search, the city manager picker of the self-built and RSP hardware
 * forms and of the loan request form: the city managers an order (or a loan) of the form's agent may
 * name now, the ones the save accepts (order-references.ts), as the employee picker's rows. Only for
 * whom the form is open, and for an agent they may order for (the agent is read as the save reads it).
 */
export async function searchOrderCityManagers(
  db: Db,
  caller: Caller,
  lang: Lang,
  query: OrderCityManagerQuery,
) {
  await checkFormAsking(db, caller, query.PageID);
  // Whose managers they are depends on the agent: the picker says to choose it first.
  if (!query.AgentName) throw fieldMissing('order', 'AgentName');
  const agent = await agentFor(db, caller, query.AgentName);
  const keyword = query.keyword ?? '';
  const managers = (await choosableCityManagers(db, agent, new Date())).filter(
    (m) => !keyword || likeMatch(m.name, keyword) || likeMatch(m.code, keyword),
  );
  const role = await sql<{ name: string }>`select ${sql.ref(lang === 'en' ? 'name_en' : 'name_zh')} as name
    from role where code = ${ROLE.cityManager}`.execute(db);
  const { rows, total } = pageOf(managers, query);
  return {
    rows: rows.map((m) => ({
      ObjectID: m.id,
      EmployeeID: m.id,
      LastName: m.name,
      ExtRoleName_SDK: role.rows[0]?.name ?? m.roleCode,
      ExtRoleCode_SDK: m.roleCode,
      ExtUserName_SDK: m.code,
    })),
    total,
  };
}
