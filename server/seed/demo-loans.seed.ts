import { sql } from 'kysely';
import { CustomerStatus, CustomerType } from '../../domain/codes/customers.codes';
import { LoanType } from '../../domain/codes/loans.codes';
import { ProductCategory } from '../../domain/codes/products.codes';
import { ROLE } from '../../domain/roles';
import type { Db } from '../db/database';
import { createLoan } from '../loans/loan-entry.service';
import { markOverdueLoans } from '../loans/loan-overdue.job';
import type { DemoWorld } from './demo-world';
import { as, at, clockOn, commandsTo, daysAfter, play, type Step } from './kit';
import { addDays, DEMO_TODAY } from './random';
import { codeNamed, stepsIn, storyTable, words } from './story-data';

/** Active RSPs a province manager of theirs can decide loans for; the demo RSP account's company first. */
async function borrowers(db: Db) {
  const rows = await sql<{ name: string; province: string }>`select c.name, c.province_code as province
    from customer c
    where c.status = ${sql.lit(CustomerStatus.active)} and c.customer_type = ${sql.lit(CustomerType.rsp)}
      and exists (select 1 from employee e where e.enabled and e.role_code = ${ROLE.provinceManager}
        and e.province_code = c.province_code)
    order by exists (select 1 from employee e where e.username = 'rsp' and e.company_id = c.object_id) desc,
      c.account_id limit 2`.execute(db);
  return rows.rows;
}

type Who = 'manager' | 'ops' | 'finance';
/** The serial of a unit of the demo's loans: the loan's place in the list keeps them apart. */
const serialOf = (loan: number, unit: number) => `SN-JH${loan + 1}-${String(unit + 1).padStart(3, '0')}`;

/** What each return of a loan brings back, in turn: two units in good order, then one damaged. */
const RETURNS: [inspection: string, units: number[]][] = [
  ['good', [0, 1]],
  ['damaged', [2]],
];

/** A loan's steps with the units they move: its shipment a serial number a unit, each return those of RETURNS. */
function withUnits(loan: number, quantity: number, steps: Step<Who, number>[]): Step<Who, number>[] {
  let returns = 0;
  return steps.map(([who, command, day]) => {
    if (command === 'ship') {
      const serialNumbers = Array.from({ length: quantity }, (_, unit) => serialOf(loan, unit));
      return [who, command, day, { lines: [{ lineNo: 1, serialNumbers }] }];
    }
    if (command !== 'returnGoods') return [who, command, day];
    const [inspection, units] = RETURNS[returns++];
    const serialNumbers = units.map((unit) => serialOf(loan, unit));
    return [who, command, day, { lines: [{ lineNo: 1, quantity: units.length, inspection, serialNumbers }] }];
  });
}

/** The demo's loans (stories/loans.tsv): the borrower, its start and due day from today, the form, its steps. */
const LOANS = storyTable('loans').map((loan, index) => ({
  borrower: Number(loan.borrower),
  start: Number(loan.start),
  due: Number(loan.due),
  type: codeNamed(LoanType, loan.type),
  purpose: loan.purpose,
  quantity: Number(loan.quantity),
  steps: withUnits(index, Number(loan.quantity), stepsIn<Who>(loan.steps)),
}));

/**
 * Demo loans entered through the loan services as the people would: one on loan, one past its due date
 * that the overdue job marks, one returned in full and written off by finance — so every loan page has
 * records whose history replays to their state.
 */
export async function seedLoans(db: Db, world: DemoWorld) {
  const rng = world.rng.fork('loans');
  const [ops, finance] = [await as(db, 'ops'), await as(db, 'finance')];
  const borrowing = await borrowers(db);
  const product = (
    await sql<{ code: string }>`select product_code as code from product
      where standard_price between 1000 and 50000 and coalesce(category, '') <> ${sql.lit(ProductCategory.services)}
      order by product_code limit 1`.execute(db)
  ).rows[0]?.code;
  if (!borrowing.length || !product) return;
  for (const plan of LOANS) {
    const agent = borrowing[plan.borrower] ?? borrowing[0];
    const manager = await as(db, ROLE.provinceManager, agent.province);
    const day = addDays(DEMO_TODAY, plan.start);
    const form = {
      LoanType: plan.type,
      AgentName: agent.name,
      EndUserName: rng.pick(words('loanEndUsers')),
      ExpectedReturnDate: addDays(day, plan.due - plan.start),
      Purpose: plan.purpose,
      Lines: [{ ProductCode: product, Quantity: plan.quantity }],
    };
    const loan = await createLoan(db, ops, form, clockOn(rng, day));
    const send = commandsTo(db, 'loanOrder', String(loan.ObjectID), daysAfter(rng, day));
    await play(send, { manager, ops, finance }, plan.steps);
  }
  // The job's run on the demo's today marks what is past its due date.
  await markOverdueLoans(db, at(DEMO_TODAY, '01:40'));
}
