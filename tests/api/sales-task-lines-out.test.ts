import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBooks } from '../../server/books/check-books';
import type { Db } from '../../server/db/database';
import { up as askEveryLine } from '../../server/db/migrations/119-targets-out-ask-every-line.migration';
import { confirmDeadline } from '../../server/sales-tasks/confirmation-deadline';
import { autoConfirmRspLines } from '../../server/sales-tasks/rsp-confirmation.job';
import { readStream } from '../../server/workflows/event-store';
import { replay } from '../../server/workflows/replay';
import { endsWithBooksBalanced } from './books-kit';
import { startTestApp, type TestApp } from './harness';
import {
  COLLECTIONS,
  KEY_PRODUCTS,
  keyOf,
  OWN,
  PARTNER,
  PROVINCE,
  type Row,
  SELL_IN,
  SELL_OUT,
  salesTaskDesk,
  YEAR,
} from './sales-task-desk';

/**
 * A target out for confirmation (待代理商确认) waits for every one of its RSP lines, and only while it
 * has one (docs/sales-tasks.md "RSP confirmation"): a line added while it is out is sent to its RSP at
 * once, in its RSP's to-do, and the target is not submitted before the RSP answers it; a target whose
 * last line is moved away or deleted goes back to allocation, signed by the portal, instead of staying
 * out for nobody. Older data is settled the same way by migration 119.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const { db, call, create, getOne, decide, todo, awaitingRsp, targetOf, twoRsps } = salesTaskDesk(
  () => t,
  tokens,
);
async function edit(id: string, changes: Record<string, unknown>, Version?: number) {
  const version = Version ?? (await getOne('rspTaskAllocation', id)).Version;
  const edited = await call(
    '/rspTaskAllocation/update',
    { ObjectID: id, Version: version, ...changes },
    'province',
  );
  expect(edited.status, edited.body.message).toBe(200);
  return edited.body.results as Row;
}
const packageOf = async (target: string) => (await getOne('provinceTask', target)).TaskPackageStatus;
/** A line's rounds still open, and the target each names. */
const openRounds = async (id: string, trx: Db = db()) =>
  (
    await sql<{ target: string }>`select state->'context'->>'target' as target from workflow_stream
      where workflow = 'rspTaskConfirmation' and subject_id = ${id} and state->>'status' = 'active'`.execute(
      trx,
    )
  ).rows.map((r) => r.target);
/** The package's last move: what it was and who signed it. */
const lastMove = async (target: string) =>
  (
    await sql<{ type: string; role: string }>`select e.type, e.role from workflow_event e
      where e.stream_id = ${`salesTask-${target}`} order by e.seq desc limit 1`.execute(db())
  ).rows[0];

const lineOf = (Brand: string, IndicatorType: string, AgentName: string, LoadBearingAmount: string) =>
  create('rspTaskAllocation', { ...keyOf(Brand, IndicatorType), AgentName, LoadBearingAmount });
/** A target of its own key, out with the RSPs with the lines given. */
async function targetOut(Brand: string, IndicatorType: string, lines: [string, string][]) {
  const target = await create('provinceTask', { ...keyOf(Brand, IndicatorType), AnnualTask: '1000.00' });
  const made = [];
  for (const [agent, amount] of lines) made.push(await lineOf(Brand, IndicatorType, agent, amount));
  const sent = await decide('salesTask', target.ObjectID, 'requestConfirmation', 'province');
  expect(sent.status, sent.body.message).toBe(200);
  expect(await packageOf(target.ObjectID)).toBe('131');
  return { target, lines: made };
}

let rspName: string;
let otherRsp: string;

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['province', 'rsp']) tokens[user] = await t.login(user, 'Demo@123456');
  [rspName, otherRsp] = await twoRsps();
});
afterAll(() => t?.close());

describe('a line added to a target out for confirmation', () => {
  let target: Row;
  let added: Row;

  beforeAll(async () => {
    ({ target } = await targetOut(OWN, COLLECTIONS, [[otherRsp, '600.00']]));
    // The other RSP stays silent past its deadline: its line is answered.
    await autoConfirmRspLines(db(), new Date(Date.now() + 30 * 86_400_000));
  });

  it('is sent to its RSP at once, with a deadline of its own, and waits in its to-do', async () => {
    const before = await todo('rsp', 'salesTask.rspTaskConfirm');
    added = await lineOf(OWN, COLLECTIONS, rspName, '500.00');
    // The office sees the line it added waiting for its RSP.
    expect([added.ConfirmStatus, added.ConfirmDeadline]).toEqual(['101', confirmDeadline(new Date())]);
    expect(await todo('rsp', 'salesTask.rspTaskConfirm')).toBe(before + 1);
    expect(await awaitingRsp()).toContain(added.ObjectID);
    expect(await openRounds(added.ObjectID)).toEqual([target.ObjectID]);
    expect((await getOne('rspTaskAllocation', added.ObjectID, 'rsp')).ConfirmStatus).toBe('101');
  });

  it('may be edited by its creator at once, and stays sent once', async () => {
    await edit(added.ObjectID, { LoadBearingAmount: '550.00' }, added.Version);
    expect(await openRounds(added.ObjectID)).toEqual([target.ObjectID]);
  });

  it('keeps the target from HQ until its RSP answered it, then lets it through', async () => {
    const early = await decide('salesTask', target.ObjectID, 'submit', 'province');
    expect(early.status).toBe(409);
    expect(early.body.message).toContain(rspName);
    expect(early.body.message).not.toContain(otherRsp);

    expect((await decide('rspTaskConfirmation', added.ObjectID, 'confirm', 'rsp')).status).toBe(200);
    const answered = await getOne('rspTaskAllocation', added.ObjectID, 'rsp');
    expect([answered.ConfirmStatus, answered.ConfirmedAmount]).toEqual(['111', '550.00']);
    const submitted = await decide('salesTask', target.ObjectID, 'submit', 'province');
    expect(submitted.status, submitted.body.message).toBe(200);
  });
});

describe("an RSP and a line added for another RSP's target", () => {
  let target: Row;
  let theirs: Row;

  beforeAll(async () => {
    ({ target } = await targetOut(PARTNER, COLLECTIONS, [[rspName, '600.00']]));
    theirs = await lineOf(PARTNER, COLLECTIONS, otherRsp, '500.00');
  });

  it("neither sees the other RSP's new line in its to-do nor answers it", async () => {
    expect(await openRounds(theirs.ObjectID)).toEqual([target.ObjectID]);
    expect(await awaitingRsp()).not.toContain(theirs.ObjectID);
    expect((await decide('rspTaskConfirmation', theirs.ObjectID, 'confirm', 'rsp')).status).toBe(404);
    expect((await getOne('rspTaskAllocation', theirs.ObjectID)).ConfirmStatus).toBe('101');
  });

  it('may not add a line to the target to have itself asked, nor take the target back', async () => {
    const added = await call(
      '/rspTaskAllocation/create',
      { ...keyOf(PARTNER, COLLECTIONS), AgentName: otherRsp, LoadBearingAmount: '100.00' },
      'rsp',
    );
    expect(added.status).toBe(403);
    const reopened = await decide('salesTask', target.ObjectID, 'reopen', 'rsp');
    expect(reopened.status).not.toBe(200);
    expect(await packageOf(target.ObjectID)).toBe('131');
  });
});

describe('a target out for confirmation whose lines are moved away', () => {
  let target: Row;
  let lines: Row[];

  beforeAll(async () => {
    ({ target, lines } = await targetOut(OWN, KEY_PRODUCTS, [
      [rspName, '600.00'],
      [otherRsp, '500.00'],
    ]));
    await create('provinceTask', { ...keyOf(PARTNER, KEY_PRODUCTS), AnnualTask: '1000.00' });
  });

  it('stays out while a line is left, waiting for that line only', async () => {
    const moved = await edit(lines[1].ObjectID, { Brand: PARTNER });
    // Its round withdrawn in the same save moved the line on: the version answered takes the next save.
    expect(moved.Version).toBe((await getOne('rspTaskAllocation', moved.ObjectID)).Version);
    await edit(moved.ObjectID, { LoadBearingAmount: '450.00' }, moved.Version);
    expect(await packageOf(target.ObjectID)).toBe('131');
    expect(await openRounds(lines[0].ObjectID)).toEqual([target.ObjectID]);
  });

  it('goes back to allocation, signed by the portal, when its last line leaves it', async () => {
    const before = await todo('rsp', 'salesTask.rspTaskConfirm');
    await edit(lines[0].ObjectID, { Brand: PARTNER });
    const back = await getOne('provinceTask', target.ObjectID);
    expect([back.TaskPackageStatus, back.TaskApprovalStatus]).toEqual(['121', '101']);
    expect(await lastMove(target.ObjectID)).toEqual({ type: 'package.reopen', role: 'system' });
    // Its RSP has nothing left to answer for it.
    expect(await todo('rsp', 'salesTask.rspTaskConfirm')).toBe(before - 1);
    expect(await openRounds(lines[0].ObjectID)).toEqual([]);
  });

  it('is allocated again and sent once more by the office', async () => {
    const empty = await decide('salesTask', target.ObjectID, 'requestConfirmation', 'province');
    expect(empty.status).toBe(409);
    const line = await lineOf(OWN, KEY_PRODUCTS, rspName, '1100.00');
    // Added while the target is being allocated: it goes out with the package, not before.
    expect(await openRounds(line.ObjectID)).toEqual([]);
    expect((await decide('salesTask', target.ObjectID, 'requestConfirmation', 'province')).status).toBe(200);
    expect(await openRounds(line.ObjectID)).toEqual([target.ObjectID]);
  });
});

describe('a target out for confirmation whose last line is deleted', () => {
  let target: Row;
  let line: Row;

  beforeAll(async () => {
    ({
      target,
      lines: [line],
    } = await targetOut(PARTNER, SELL_IN, [[rspName, '1100.00']]));
    expect((await decide('rspTaskConfirmation', line.ObjectID, 'confirm', 'rsp')).status).toBe(200);
  });

  it('is not emptied by the RSP, whose line it is', async () => {
    const deleted = await call('/rspTaskAllocation/delete', { ObjectID: line.ObjectID }, 'rsp');
    expect([403, 404]).toContain(deleted.status);
    expect(await packageOf(target.ObjectID)).toBe('131');
  });

  it('goes back to allocation in the same delete', async () => {
    const deleted = await call('/rspTaskAllocation/delete', { ObjectID: line.ObjectID }, 'province');
    expect(deleted.status, deleted.body.message).toBe(200);
    expect(await packageOf(target.ObjectID)).toBe('121');
    expect(await lastMove(target.ObjectID)).toEqual({ type: 'package.reopen', role: 'system' });
  });
});

describe('targets out for confirmation left as the portal wrote them before', () => {
  const ROLLBACK = new Error('rolled back after the check');
  const KEY = 'salesTasks.targetOutAsksEveryLine';
  const found = async (trx: Db) => (await checkBooks(trx, (k) => k === KEY)).checks[0];

  it('are named by the books, and settled by the migration as the portal now settles them', async () => {
    // Out with the other RSP's line; the RSP's line is added below as an add wrote it before: unsent.
    const {
      target: unsent,
      lines: [sent],
    } = await targetOut(PARTNER, SELL_OUT, [[otherRsp, '600.00']]);
    // Out with the RSP's line: below its line goes as a move or delete left it before, the target out.
    const emptied = await targetOf(PARTNER, COLLECTIONS);
    expect(await packageOf(emptied)).toBe('131');
    await db()
      .transaction()
      .execute(async (trx) => {
        expect((await found(trx)).total).toBe(0);
        const added = await sql<{ id: string }>`insert into record (resource, company_id, data)
          select resource, (select company_id from employee where username = 'rsp'),
            data || ${JSON.stringify({ AgentName: rspName, LoadBearingAmount: '500.00', Q1Task: '125.00', Q2Task: '125.00', Q3Task: '125.00', Q4Task: '125.00' })}::jsonb
              - 'ConfirmStatus' - 'ConfirmDeadline'
          from record where object_id = ${sent.ObjectID} returning object_id::text as id`.execute(trx);
        const [{ id: line }] = added.rows;
        await sql`delete from record where resource = 'rspTaskAllocation' and data->>'Year' = ${String(YEAR)}
          and data->>'ProvinceName' = ${PROVINCE} and data->>'Brand' = ${PARTNER}
          and data->>'IndicatorType' = ${COLLECTIONS}`.execute(trx);

        const named = (await found(trx)).rows.map((r) => r.object_id).sort();
        expect(named).toEqual([unsent.ObjectID, emptied].sort());

        await askEveryLine(trx as never);
        expect((await found(trx)).rows).toEqual([]);
        // The unsent line now waits for its RSP under its target, with a deadline from today.
        expect(await openRounds(line, trx)).toEqual([unsent.ObjectID]);
        const asked = await sql<{ status: string; deadline: string; awaits: string }>`select
            l.data->>'ConfirmStatus' as status, l.data->>'ConfirmDeadline' as deadline, s.pending_role as awaits
          from record l join workflow_stream s on s.subject_id = l.object_id
          where l.object_id = ${line}`.execute(trx);
        expect(asked.rows).toEqual([
          { status: '101', deadline: confirmDeadline(new Date()), awaits: 'JS002' },
        ]);
        // The emptied target is back in allocation, its history ending in the portal's reopening.
        const back = await sql<{ status: string }>`select data->>'TaskPackageStatus' as status from record
          where object_id = ${emptied}`.execute(trx);
        expect(back.rows[0].status).toBe('121');
        for (const stream of [`salesTask-${emptied}`, `rspTaskConfirmation-${line}-1`]) {
          const replayed = replay(await readStream(trx, stream));
          const row = await sql<{ status: string }>`select status from workflow_stream
            where stream_id = ${stream}`.execute(trx);
          expect([replayed.doubt, String(replayed.snapshot.value)]).toEqual([undefined, row.rows[0].status]);
        }
        const system = await checkBooks(trx, (k) => k.startsWith('system.'));
        expect(system.checks.filter((c) => c.total > 0 || c.failure)).toEqual([]);
        throw ROLLBACK;
      })
      .catch((error: unknown) => {
        if (error !== ROLLBACK) throw error;
      });
  });
});

endsWithBooksBalanced(() => t, ['salesTasks']);
