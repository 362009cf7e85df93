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

type Who = 'manager' | 'ops' | 'finance';

/**
 * A loan's steps with the units they move: its shipment a serial number for every unit (the loan's place
 * in the list keeps them apart), each return the next units its row's `returns` names, in turn.
 */
function stepsOf(loan: number, row: Record<string, string>): Step<Who, number>[] {
  const serial = (unit: number) => `SN-JH${loan + 1}-${String(unit + 1).padStart(3, '0')}`;
  const returns = row.returns ? row.returns.split(', ').map((part) => part.split(' ')) : [];
  let returned = 0;
  return stepsIn<Who>(row.steps).map((step) => {
    const [who, command, day] = step;
    const shipped = Array.from({ length: Number(row.quantity) }, (_, unit) => serial(unit));
    if (command === 'ship') return [who, command, day, { lines: [{ lineNo: 1, serialNumbers: shipped }] }];
    if (command !== 'returnGoods') return step;
    const [inspection, units] = returns.shift()!;
    const serialNumbers = Array.from({ length: Number(units) }, () => serial(returned++));
    const line = { lineNo: 1, quantity: Number(units), inspection, serialNumbers };
    return [who, command, day, { lines: [line] }];
  });
}

/** Loans (stories/loans.tsv) to active RSPs a province manager of theirs decides for, the demo RSP first. */
export async function seedLoans(db: Db, world: DemoWorld) {
  const rng = world.rng.fork('loans');
  const [ops, finance] = [await as(db, 'ops'), await as(db, 'finance')];
  const { rows: borrowers } = await sql<{ name: string; province: string }>`select c.name,
      c.province_code as province from customer c
    where c.status = ${sql.lit(CustomerStatus.active)} and c.customer_type = ${sql.lit(CustomerType.rsp)}
      and exists (select 1 from employee e where e.enabled and e.role_code = ${ROLE.provinceManager}
        and e.province_code = c.province_code)
    order by exists (select 1 from employee e where e.username = 'rsp' and e.company_id = c.object_id) desc,
      c.account_id limit 2`.execute(db);
  const { rows: products } = await sql<{ code: string }>`select product_code as code from product
    where standard_price between 1000 and 50000 and coalesce(category, '') <> ${sql.lit(ProductCategory.services)}
    order by product_code limit 1`.execute(db);
  if (!borrowers.length || !products.length) return;
  for (const [index, row] of storyTable('loans').entries()) {
    const agent = borrowers[Number(row.borrower)] ?? borrowers[0];
    const manager = await as(db, ROLE.provinceManager, agent.province);
    const day = addDays(DEMO_TODAY, Number(row.start));
    const asked = { LoanType: codeNamed(LoanType, row.type), AgentName: agent.name, Purpose: row.purpose };
    const [EndUserName, due] = [rng.pick(words('loanEndUsers')), Number(row.due)];
    const Lines = [{ ProductCode: products[0].code, Quantity: Number(row.quantity) }];
    const form = { ...asked, EndUserName, ExpectedReturnDate: addDays(DEMO_TODAY, due), Lines };
    const loan = await createLoan(db, ops, form, clockOn(rng, day));
    const send = commandsTo(db, 'loanOrder', String(loan.ObjectID), daysAfter(rng, day));
    await play(send, { manager, ops, finance }, stepsOf(index, row));
  }
  // The job's run on the demo's today marks what is past its due date.
  await markOverdueLoans(db, at(DEMO_TODAY, '01:40'));
}
