import { sql } from 'kysely';
import { ROLE } from '../../domain/roles';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import type { Lang } from '../http/i18n';
import { choosableCityManagers } from '../orders/order-references';
import { checkFormAsking, type FormAgentQuery, formAgentOf } from './form-asking';
import { pageOf } from './paging';
import { likeMatch } from './text';

/**
 * POST /orderCityManagerLookup/search, the city manager picker of the self-built and RSP hardware
 * forms and of the loan request form: the city managers an order (or a loan) of the form's agent may
 * name now, the ones the save accepts (order-references.ts), as the employee picker's rows. Only for
 * whom the form is open, and for an agent they may order for (read as the save reads it; before the
 * form names one, an agent's staff's own: `formAgentOf`).
 */
export async function searchOrderCityManagers(db: Db, caller: Caller, lang: Lang, query: FormAgentQuery) {
  await checkFormAsking(db, caller, query.PageID, 'cityManagerName', 'ordersEntry.formNamesNoCityManager');
  // Whose managers they are depends on the agent, found as the deal picker finds it.
  const agent = await formAgentOf(db, caller, query.AgentName);
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
