import { LoanType } from '../../domain/codes/loans.codes';
import { ROLE } from '../../domain/roles';
import type { Db } from '../db/database';
import { createLoan } from '../loans/loan-entry.service';
import { markOverdueLoans } from '../loans/loan-overdue.job';
import { hardwareOf } from './demo-orders.seed';
import { activeRsps, type DemoWorld } from './demo-world';
import { as, at, clockOn, commandsTo, daysAfter, play, type Step } from './kit';
import { addDays, DEMO_TODAY } from './random';
import { codeNamed, stepsIn, storyTable, words } from './story-data';

type Who = 'manager' | 'ops' | 'finance';

/** A loan's steps with the units each moves, serial numbers kept apart by the loan's place in the list. */
function stepsOf(loan: number, row: Record<string, string>): Step<Who, number>[] {
  const serial = (unit: number) => `SN-JH${loan + 1}-${String(unit + 1).padStart(3, '0')}`;
  const returns = row.returns ? row.returns.split(', ').map((part) => part.split(' ')) : [];
  let returned = 0;
  return stepsIn<Who>(row.steps).map(([who, command, day, payload]) => {
    const shipped = Array.from({ length: Number(row.quantity) }, (_, unit) => serial(unit));
    if (command === 'ship') return [who, command, day, { lines: [{ lineNo: 1, serialNumbers: shipped }] }];
    if (command !== 'returnGoods') return [who, command, day, payload];
    const [inspection, units] = returns.shift()!;
    const serialNumbers = Array.from({ length: Number(units) }, () => serial(returned++));
    const line = { lineNo: 1, quantity: Number(units), inspection, serialNumbers };
    return [who, command, day, { lines: [line] }];
  });
}

/** Loans (stories/loans.tsv) of a mid-priced product to the active RSPs of the demo RSP's province. */
export async function seedLoans(db: Db, world: DemoWorld) {
  const rng = world.rng.fork('loans');
  const manager = await as(db, ROLE.provinceManager, world.demoRsp.province.code);
  const [ops, finance] = [await as(db, 'ops'), await as(db, 'finance')];
  const borrowers = activeRsps(world).filter((c) => c.province.code === world.demoRsp.province.code);
  const midPriced = hardwareOf(world).filter((p) => p.priceFen >= 100_000 && p.priceFen <= 5_000_000);
  const [ProductCode] = midPriced.map((p) => p.code).sort();
  for (const [index, row] of storyTable('loans').entries()) {
    const agent = borrowers[Number(row.borrower)];
    const day = addDays(DEMO_TODAY, Number(row.start));
    const asked = { LoanType: codeNamed(LoanType, row.type), AgentName: agent.name, Purpose: row.purpose };
    const [EndUserName, due] = [rng.pick(words('loanEndUsers')), Number(row.due)];
    const Lines = [{ ProductCode, Quantity: Number(row.quantity) }];
    const form = { ...asked, EndUserName, ExpectedReturnDate: addDays(DEMO_TODAY, due), Lines };
    const loan = await createLoan(db, ops, form, clockOn(rng, day));
    const send = commandsTo(db, 'loanOrder', String(loan.ObjectID), daysAfter(rng, day));
    await play(send, { manager, ops, finance }, stepsOf(index, row));
  }
  // The job's run on the demo's today marks what is past its due date.
  await markOverdueLoans(db, at(DEMO_TODAY, '01:40'));
}
