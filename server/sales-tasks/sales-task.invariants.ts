import { type RawBuilder, sql } from 'kysely';
import { TaskConfirmStatus } from '../../domain/codes/sales-tasks.codes';
import type { Invariant } from '../books/invariant';

/** A jsonb text as money, null when it is not a number (so a broken figure shows as a disagreement). */
const money = (expr: string) =>
  sql.raw(`(case when ${expr} ~ '^-?\\d+(\\.\\d+)?$' then (${expr})::numeric end)`);

/** Sum of jsonb money fields of one row; null when any of them is not a number. */
const total = (alias: string, fields: string[]) =>
  sql.join(
    fields.map((f) => money(`${alias}.data->>'${f}'`)),
    sql` + `,
  );

const QUARTERS = ['Q1Task', 'Q2Task', 'Q3Task', 'Q4Task'];
const monthsOf = (quarter: number) =>
  [1, 2, 3].map((m) => `Month${String((quarter - 1) * 3 + m).padStart(2, '0')}Task`);

/** What a person knows a target or line by: province, year, brand line and indicator in words. */
const keyWords = (
  alias: string,
  indicator: RawBuilder<unknown> = sql.raw(`${alias}.data->>'IndicatorType'`),
) =>
  sql`concat_ws(' ', ${sql.raw(`${alias}.data->>'ProvinceName'`)}, ${sql.raw(`${alias}.data->>'Year'`)},
    (select d.content_zh from dictionary_entry d where d.code = 'Brand' and d.keyword = ${sql.raw(`${alias}.data->>'Brand'`)}),
    (select d.content_zh from dictionary_entry d where d.code = 'TaskIndicatorType' and d.keyword = ${indicator}))`;

/** The same target: year, province, brand line and indicator. */
const sameKey = (line: string, target: string) =>
  sql.raw(`${line}.data->>'Year' = ${target}.data->>'Year'
    and ${line}.data->>'ProvinceName' = ${target}.data->>'ProvinceName'
    and ${line}.data->>'Brand' = ${target}.data->>'Brand'
    and ${line}.data->>'IndicatorType' = ${target}.data->>'IndicatorType'`);

/** An RSP's answer that stands for a figure: confirmed, confirmed by silence, or ruled on. */
const ANSWERED = [TaskConfirmStatus.confirmed, TaskConfirmStatus.decided, TaskConfirmStatus.autoConfirmed];

/** The figures of a sales target that its parts, its lines and its RSPs' answers decide (docs/sales-tasks.md). */
export const salesTaskInvariants = {
  targetQuartersAddUp: {
    title: {
      zh: '省份任务：四个季度之和 = 年度任务',
      en: "A province target's quarters add up to its annual target",
    },
    message: {
      zh: '省份任务 {label}：年度任务 {annual}，季度合计 {quarters}',
      en: 'Province target {label}: annual target {annual}, quarters sum to {quarters}',
    },
    page: 'salesTask.provinceTaskDistribution',
    query: sql`select p.object_id, ${keyWords('p')} as label, p.data->>'AnnualTask' as annual,
        (${total('p', QUARTERS)})::text as quarters
      from record p where p.resource = 'provinceTask' and p.data->>'AnnualTask' is not null
        and ${money("p.data->>'AnnualTask'")} is distinct from ${total('p', QUARTERS)}`,
  },
  taskSplitAddsUp: {
    title: {
      zh: '任务分解：季度之和 = 年度任务，月度之和 = 所属季度',
      en: "A task's quarters add up to its annual target and its months to their quarter",
    },
    message: {
      zh: '任务 {label}：{period} {amount}，分解合计 {parts}',
      en: 'Task {label}: {period} {amount}, its parts sum to {parts}',
    },
    // The year is split into quarters; each quarter, when its months are entered, into its months.
    query: sql.join(
      [
        sql`select t.object_id, t.data->>'TaskNo' as label, t.data->>'Year' as period,
            t.data->>'AnnualTask' as amount, (${total('t', QUARTERS)})::text as parts
          from record t where t.resource = 'salesTask' and t.data->>'AnnualTask' is not null
            and ${money("t.data->>'AnnualTask'")} is distinct from ${total('t', QUARTERS)}`,
        ...QUARTERS.map(
          (
            quarter,
            i,
          ) => sql`select t.object_id, t.data->>'TaskNo', ${sql.lit(`Q${i + 1}`)}, ${sql.raw(`t.data->>'${quarter}'`)},
              (${total('t', monthsOf(i + 1))})::text
            from record t where t.resource = 'salesTask' and ${sql.raw(`t.data->>'${monthsOf(i + 1)[0]}'`)} is not null
              and ${money(`t.data->>'${quarter}'`)} is distinct from ${total('t', monthsOf(i + 1))}`,
        ),
      ],
      sql` union all `,
    ),
  },
  lineQuartersAddUp: {
    title: {
      zh: 'RSP 与城市经理任务：四个季度之和 = 全年任务',
      en: "An RSP's or a city manager's quarters add up to its share of the year",
    },
    message: {
      zh: '{label}：全年 {annual}，季度合计 {quarters}',
      en: '{label}: the year {annual}, quarters sum to {quarters}',
    },
    query: sql`select l.object_id, concat_ws(' ', l.data->>'AgentName', ${keyWords('l')}) as label,
        l.data->>'LoadBearingAmount' as annual, (${total('l', QUARTERS)})::text as quarters
      from record l where l.resource = 'rspTaskAllocation' and l.data->>'LoadBearingAmount' is not null
        and ${money("l.data->>'LoadBearingAmount'")} is distinct from ${total('l', QUARTERS)}
      union all
      select c.object_id, concat_ws(' ', c.data->>'cityManagerName', c.data->>'CityName', c.data->>'Year'),
        c.data->>'AnnualTask', (${total('c', QUARTERS)})::text
      from record c where c.resource = 'cityManagerTask' and c.data->>'AnnualTask' is not null
        and ${money("c.data->>'AnnualTask'")} is distinct from ${total('c', QUARTERS)}`,
  },
  oneTargetPerKey: {
    title: {
      zh: '每个年度、省份、品牌、指标只有一个省份任务',
      en: 'One province target per year, province, brand line and indicator',
    },
    message: {
      zh: '省份任务 {label}：同一年度、省份、品牌、指标共有 {count} 个',
      en: 'Province target {label}: {count} targets share its year, province, brand line and indicator',
    },
    page: 'salesTask.provinceTaskDistribution',
    query: sql`select p.object_id, ${keyWords('p')} as label, n.count
      from record p cross join lateral (select count(*)::int as count from record o
        where o.resource = 'provinceTask' and ${sameKey('o', 'p')}) n
      where p.resource = 'provinceTask' and n.count > 1`,
  },
  lineBelongsToTarget: {
    title: {
      zh: '每条 RSP 任务属于一个现存的省份任务，且每家 RSP 只分配一次',
      en: 'Every RSP line belongs to a live province target, once per RSP',
    },
    message: {
      zh: 'RSP 任务 {label}：对应的省份任务 {targets} 个，同一 RSP 在该任务上共 {lines} 条',
      en: 'RSP line {label}: {targets} province targets match it, and the RSP has {lines} lines on it',
    },
    query: sql`select l.object_id, concat_ws(' ', l.data->>'AgentName', ${keyWords('l')}) as label,
        t.count as targets, s.count as lines
      from record l
      cross join lateral (select count(*)::int as count from record p
        where p.resource = 'provinceTask' and ${sameKey('l', 'p')}) t
      cross join lateral (select count(*)::int as count from record o
        where o.resource = 'rspTaskAllocation' and ${sameKey('o', 'l')}
          and o.data->>'AgentName' = l.data->>'AgentName') s
      where l.resource = 'rspTaskAllocation' and (t.count <> 1 or s.count > 1)`,
  },
  confirmationStandsForItsFigure: {
    title: {
      zh: 'RSP 的确认只对其确认的任务额有效',
      en: "An RSP's answer stands only for the figure it answered",
    },
    message: {
      zh: 'RSP 任务 {label}：确认时 {confirmed}，现为 {amount}',
      en: 'RSP line {label}: answered for {confirmed}, now {amount}',
    },
    query: sql`select l.object_id, concat_ws(' ', l.data->>'AgentName', ${keyWords('l')}) as label,
        l.data->>'ConfirmedAmount' as confirmed, l.data->>'LoadBearingAmount' as amount
      from record l where l.resource = 'rspTaskAllocation'
        and l.data->>'ConfirmStatus' in (${sql.join(ANSWERED.map((code) => sql.lit(code)))})
        and ${money("l.data->>'LoadBearingAmount'")} is distinct from ${money("l.data->>'ConfirmedAmount'")}`,
  },
  loadBearingIsLinesOverTarget: {
    title: {
      zh: '省份承载 = RSP 承载合计 ÷ 省份任务',
      en: "A province's load bearing is the sum of its RSP lines over its target",
    },
    message: {
      zh: '省份任务 {label}：RSP 承载 {allocated}（实际合计 {lines}），承载率 {rate}%（应为 {expected}%）',
      en: 'Province target {label}: RSPs carry {allocated} (lines sum to {lines}), load bearing {rate}% (should be {expected}%)',
    },
    page: 'salesTask.provinceTaskDistribution',
    query: sql`select p.object_id, ${keyWords('p')} as label, p.data->>'RspAllocated' as allocated,
        s.lines::text as lines, p.data->>'LoadBearingRate' as rate,
        round(s.lines * 100 / nullif(${money("p.data->>'AnnualTask'")}, 0), 2)::text as expected
      from record p cross join lateral (select coalesce(sum(${money("l.data->>'LoadBearingAmount'")}), 0) as lines
        from record l where l.resource = 'rspTaskAllocation' and ${sameKey('l', 'p')}) s
      where p.resource = 'provinceTask'
        and (${money("p.data->>'RspAllocated'")} is distinct from s.lines
          or ${money("p.data->>'LoadBearingRate'")}
            is distinct from round(s.lines * 100 / nullif(${money("p.data->>'AnnualTask'")}, 0), 2))`,
  },
} satisfies Record<string, Invariant>;
