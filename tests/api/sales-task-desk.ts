import { sql } from 'kysely';
import { expect } from 'vitest';
import { provinceOf } from '../../server/reference/regions.data';
import { planYears } from '../../server/sales-tasks/task-references.rules';
import type { TestApp } from './harness';

/**
 * The province office's desk for the tests of RSP lines and their confirmation: its calls as the
 * pages make them, the to-dos a person sees, and next year's Jiangsu targets, which the demo leaves free.
 */
export type Row = Record<string, unknown> & { ObjectID: string; Version: number };

export const { max: YEAR } = planYears();
export const PROVINCE = provinceOf('320000').nameZh;
export const [OWN, PARTNER] = ['101', '111'];
export const [SELL_IN, SELL_OUT, COLLECTIONS, KEY_PRODUCTS] = ['101', '111', '121', '131'];
export const keyOf = (Brand: string, IndicatorType: string) => ({
  Year: YEAR,
  ProvinceName: PROVINCE,
  Brand,
  IndicatorType,
});

export function salesTaskDesk(app: () => TestApp, tokens: Record<string, string>) {
  const db = () => app().database.db;
  const call = (path: string, body: unknown, who: string) => app().post(path, body, tokens[who]);
  async function create(resource: string, body: Record<string, unknown>, who = 'province'): Promise<Row> {
    const { status, body: answer } = await call(`/${resource}/create`, body, who);
    expect(status, answer.message).toBe(200);
    return answer.results;
  }
  const getOne = async (resource: string, id: string, who = 'province') =>
    (await call(`/${resource}/getOne`, { ObjectID: id }, who)).body.results[0] as Row;
  const decide = (workflow: string, id: string, command: string, who: string, payload = {}) =>
    call('/workflow/decide', { workflow, ObjectID: id, command, payload }, who);
  /** The caller's to-do card of a page on the dashboard: how many wait for them there. */
  async function todo(who: string, pageId: string) {
    const { body } = await call('/dashboard/summary', {}, who);
    const queues = body.results.queues as { pageId: string; count: number }[];
    return queues.find((q) => q.pageId === pageId)?.count ?? 0;
  }
  /** The lines the RSP's RSP任务确认 lists as waiting for it. */
  async function awaitingRsp() {
    const page = { PageID: 'salesTask.rspTaskConfirm', AwaitingMe: 1, pageSize: 100 };
    const { body } = await call('/rspTaskAllocation/search', page, 'rsp');
    return (body.results as Row[]).map((r) => r.ObjectID);
  }
  /** The province target of a key, if there is one. */
  const targetOf = async (Brand: string, IndicatorType: string) =>
    (
      await sql<{ id: string }>`select object_id::text as id from record where resource = 'provinceTask'
        and data->>'Year' = ${String(YEAR)} and data->>'ProvinceName' = ${PROVINCE}
        and data->>'Brand' = ${Brand} and data->>'IndicatorType' = ${IndicatorType}`.execute(db())
    ).rows[0]?.id;
  /** Two Jiangsu RSPs: the demo's rsp account's own company first, then another. */
  async function twoRsps() {
    const rsps = await sql<{ name: string }>`select c.name from customer c
      left join employee e on e.company_id = c.object_id and e.username = 'rsp'
      where c.customer_type = '111' and c.province_code = '320000'
      order by (e.object_id is not null) desc, c.name limit 2`.execute(db());
    return rsps.rows.map((r) => r.name) as [string, string];
  }
  return { db, call, create, getOne, decide, todo, awaitingRsp, targetOf, twoRsps };
}
