import { sql } from 'kysely';
import { ROLE } from '../../domain/roles';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { createLoan } from '../loans/loan-entry.service';
import { markOverdueLoans } from '../loans/loan-overdue.job';
import { decide } from '../workflows/decisions';
import type { DemoWorld } from './demo-world';
import { as, at, clockOn } from './kit';
import { addDays, DEMO_TODAY } from './random';

/** Active RSPs a province manager of theirs can decide loans for; the demo RSP account's company first. */
async function borrowers(db: Db) {
  const rows = await sql<{ name: string; province: string }>`select c.name, c.province_code as province
    from customer c
    where c.status = '161' and c.customer_type = '111'
      and exists (select 1 from employee e where e.enabled and e.role_code = ${ROLE.provinceManager}
        and e.province_code = c.province_code)
    order by exists (select 1 from employee e where e.username = 'rsp' and e.company_id = c.object_id) desc,
      c.account_id limit 2`.execute(db);
  return rows.rows;
}

/**
 * Demo loans entered through the loan services as the people would: one on loan, one past its due date
 * that the overdue job marks, one returned in full and written off by finance — so every loan page has
 * records whose history replays to their state.
 */
export async function seedLoans(db: Db, world: DemoWorld) {
  const rng = world.rng.fork('loans');
  const [ops, finance] = [await as(db, 'ops'), await as(db, 'finance')];
  const [first, second] = await borrowers(db);
  const product = (
    await sql<{ code: string }>`select product_code as code from product
      where standard_price between 1000 and 50000 and coalesce(category, '') <> '181'
      order by product_code limit 1`.execute(db)
  ).rows[0]?.code;
  if (!first || !product) return;
  const plans = [
    { agent: first, start: -50, due: 20, end: 'verified' as const },
    { agent: second ?? first, start: -45, due: -15, end: 'overdue' as const },
    { agent: first, start: -20, due: 40, end: 'onLoan' as const },
  ];
  for (const plan of plans) {
    const manager = await as(db, ROLE.provinceManager, plan.agent.province);
    const day = addDays(DEMO_TODAY, plan.start);
    const loan = await createLoan(
      db,
      ops,
      {
        LoanType: plan.end === 'overdue' ? '121' : '101',
        AgentName: plan.agent.name,
        EndUserName: rng.pick(['示范医院信息中心', '示范市大数据局', '示范职业技术学院']),
        ExpectedReturnDate: addDays(day, plan.due - plan.start),
        Purpose: plan.end === 'overdue' ? '投标前样机测试' : 'POC 测试',
        Lines: [{ ProductCode: product, Quantity: plan.end === 'verified' ? 3 : 2 }],
      },
      clockOn(rng, day),
    );
    const act = (who: Caller, command: string, offset: number, payload: Record<string, unknown> = {}) =>
      decide(db, who, {
        workflow: 'loanOrder',
        subjectId: String(loan.ObjectID),
        command,
        payload,
        clock: clockOn(rng, addDays(day, offset)),
      });
    await act(manager, 'agree', 1);
    await act(ops, 'ship', 2);
    if (plan.end !== 'verified') continue;
    await act(ops, 'returnGoods', 20, { lines: [{ lineNo: 1, quantity: 2, inspection: 'good' }] });
    await act(ops, 'returnGoods', 25, { lines: [{ lineNo: 1, quantity: 1, inspection: 'damaged' }] });
    await act(ops, 'requestVerification', 26);
    await act(finance, 'verify', 28);
  }
  // The job's run on the demo's today marks what is past its due date.
  await markOverdueLoans(db, at(DEMO_TODAY, '01:40'));
}
