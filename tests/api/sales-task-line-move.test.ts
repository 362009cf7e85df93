import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/roles';
import { SYSTEM_ACTOR } from '../../machines/workflows/actor';
import { checkBooks } from '../../server/books/check-books';
import type { Db } from '../../server/db/database';
import { up as settleMovedLines } from '../../server/db/migrations/110-confirmations-of-moved-lines.migration';
import { confirmDeadline } from '../../server/sales-tasks/confirmation-deadline';
import { autoConfirmRspLines } from '../../server/sales-tasks/rsp-confirmation.job';
import { dispatch, startStream } from '../../server/workflows/engine';
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
 * An RSP line moved to another target by an edit of its year, province, brand line or indicator
 * (docs/sales-tasks.md "RSP confirmation"): what its RSP answered, or was asked, was about the target
 * it left. The line shows no answer under the target it reached and is answered again there — at once,
 * in a round of its own, when that target is out with the RSPs; the round of the target it left is
 * withdrawn, so neither the RSP nor the province office keeps a to-do for it.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const { db, call, create, getOne, decide, todo, awaitingRsp, targetOf, twoRsps } = salesTaskDesk(
  () => t,
  tokens,
);
/** The province office edits the line on its page (RSP任务分配), as a person would. */
async function move(id: string, changes: Record<string, unknown>) {
  const { Version } = await getOne('rspTaskAllocation', id);
  const moved = await call('/rspTaskAllocation/update', { ObjectID: id, Version, ...changes }, 'province');
  expect(moved.status, moved.body.message).toBe(200);
}
/** The rounds of a line still open: each one is someone's to-do. */
const openRounds = async (id: string) =>
  (
    await sql<{ n: number }>`select count(*)::int as n from workflow_stream
      where workflow = 'rspTaskConfirmation' and subject_id = ${id} and state->>'status' = 'active'`.execute(
      db(),
    )
  ).rows[0].n;

let rspName: string;
let otherRsp: string;

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['province', 'rsp', 'vp']) tokens[user] = await t.login(user, 'Demo@123456');
  [rspName, otherRsp] = await twoRsps();
  for (const [brand, indicator] of [
    [OWN, COLLECTIONS],
    [PARTNER, COLLECTIONS],
    [OWN, KEY_PRODUCTS],
    [PARTNER, KEY_PRODUCTS],
    [PARTNER, SELL_IN],
    [PARTNER, SELL_OUT],
  ])
    expect(await targetOf(brand, indicator), 'a target the demo leaves free').toBeUndefined();
});
afterAll(() => t?.close());

describe('an RSP line its RSP confirmed, moved to a target out for confirmation', () => {
  let reached: Row;
  let line: Row;

  beforeAll(async () => {
    const left = await create('provinceTask', { ...keyOf(OWN, COLLECTIONS), AnnualTask: '1000.00' });
    reached = await create('provinceTask', { ...keyOf(PARTNER, COLLECTIONS), AnnualTask: '1200.00' });
    line = await create('rspTaskAllocation', {
      ...keyOf(OWN, COLLECTIONS),
      AgentName: rspName,
      LoadBearingAmount: '1100.00',
    });
    await create('rspTaskAllocation', {
      ...keyOf(PARTNER, COLLECTIONS),
      AgentName: otherRsp,
      LoadBearingAmount: '300.00',
    });
    expect((await decide('salesTask', left.ObjectID, 'requestConfirmation', 'province')).status).toBe(200);
    expect((await decide('rspTaskConfirmation', line.ObjectID, 'confirm', 'rsp')).status).toBe(200);
    expect((await getOne('rspTaskAllocation', line.ObjectID)).ConfirmStatus).toBe('111');
    // The other target goes out too, and its other RSP stays silent past its deadline.
    expect((await decide('salesTask', reached.ObjectID, 'requestConfirmation', 'province')).status).toBe(200);
    await autoConfirmRspLines(db(), new Date(Date.now() + 30 * 86_400_000));
  });

  it('no longer shows the confirmation, and waits for its RSP under the target it reached', async () => {
    // The province office corrects the line's brand line: the RSP's share is of the partner line's target.
    await move(line.ObjectID, { Brand: PARTNER });
    const moved = await getOne('rspTaskAllocation', line.ObjectID);
    expect(moved.Brand).toBe(PARTNER);
    expect(moved.ConfirmStatus).toBe('101');
    expect(moved.ConfirmedAmount ?? null).toBeNull();
    expect(moved.ConfirmDeadline).toBe(confirmDeadline(new Date()));
    expect(await awaitingRsp()).toContain(line.ObjectID);
    expect(await openRounds(line.ObjectID)).toBe(1);
  });

  it('keeps the target it reached from HQ until its RSP answered the line there', async () => {
    const early = await decide('salesTask', reached.ObjectID, 'submit', 'province');
    expect(early.status).toBe(409);
    expect(early.body.message).toContain(rspName);

    expect((await decide('rspTaskConfirmation', line.ObjectID, 'confirm', 'rsp')).status).toBe(200);
    const answered = await getOne('rspTaskAllocation', line.ObjectID, 'rsp');
    expect([answered.ConfirmStatus, answered.ConfirmedAmount]).toEqual(['111', '1100.00']);
    const submitted = await decide('salesTask', reached.ObjectID, 'submit', 'province');
    expect(submitted.status, submitted.body.message).toBe(200);
  });
});

describe('an RSP line moved off a target out for confirmation', () => {
  let left: Row;
  let reached: Row;
  let line: Row;

  beforeAll(async () => {
    left = await create('provinceTask', { ...keyOf(OWN, KEY_PRODUCTS), AnnualTask: '1000.00' });
    reached = await create('provinceTask', { ...keyOf(PARTNER, KEY_PRODUCTS), AnnualTask: '1000.00' });
    line = await create('rspTaskAllocation', {
      ...keyOf(OWN, KEY_PRODUCTS),
      AgentName: rspName,
      LoadBearingAmount: '1100.00',
    });
  });

  it('leaves its RSP no to-do for the target it left, nor a line it could confirm there', async () => {
    const before = await todo('rsp', 'salesTask.rspTaskConfirm');
    expect((await decide('salesTask', left.ObjectID, 'requestConfirmation', 'province')).status).toBe(200);
    expect(await todo('rsp', 'salesTask.rspTaskConfirm')).toBe(before + 1);

    // Moved onto a target still being allocated, before its RSP answered.
    await move(line.ObjectID, { Brand: PARTNER });
    expect(await todo('rsp', 'salesTask.rspTaskConfirm')).toBe(before);
    expect(await awaitingRsp()).not.toContain(line.ObjectID);
    // It was the target's only line: the target it left waits for nobody, and is back in allocation.
    expect((await getOne('provinceTask', left.ObjectID)).TaskPackageStatus).toBe('121');
    expect((await getOne('rspTaskAllocation', line.ObjectID, 'rsp')).ConfirmStatus ?? null).toBeNull();
    expect(await openRounds(line.ObjectID)).toBe(0);
    // No round of the line is open: there is nothing for its RSP to confirm.
    const confirmed = await decide('rspTaskConfirmation', line.ObjectID, 'confirm', 'rsp');
    expect(confirmed.status).toBe(404);
    expect((await getOne('rspTaskAllocation', line.ObjectID)).ConfirmStatus ?? null).toBeNull();
  });

  it('is sent once, in one round, when the target it reached goes out', async () => {
    const before = await todo('rsp', 'salesTask.rspTaskConfirm');
    expect((await decide('salesTask', reached.ObjectID, 'requestConfirmation', 'province')).status).toBe(200);
    expect(await todo('rsp', 'salesTask.rspTaskConfirm')).toBe(before + 1);
    expect(await openRounds(line.ObjectID)).toBe(1);
    expect((await decide('rspTaskConfirmation', line.ObjectID, 'confirm', 'rsp')).status).toBe(200);
    expect(await openRounds(line.ObjectID)).toBe(0);
    expect(await todo('rsp', 'salesTask.rspTaskConfirm')).toBe(before);
    expect((await getOne('rspTaskAllocation', line.ObjectID)).ConfirmStatus).toBe('111');
  });

  it('may be removed once its target is back in allocation: no round of the target it left holds it', async () => {
    expect((await decide('salesTask', reached.ObjectID, 'reopen', 'province')).status).toBe(200);
    const deleted = await call('/rspTaskAllocation/delete', { ObjectID: line.ObjectID }, 'province');
    expect(deleted.status, deleted.body.message).toBe(200);
  });
});

describe('an RSP line objected to, moved to another target', () => {
  it("is no longer the province office's ruling to make, and its RSP answers it afresh where it went", async () => {
    const left = await create('provinceTask', { ...keyOf(PARTNER, SELL_IN), AnnualTask: '1000.00' });
    // The own line's key products target of the tests above, back in allocation once its line moved
    // away: allocated to the other RSP and out for confirmation again.
    const reached = await targetOf(OWN, KEY_PRODUCTS);
    await create('rspTaskAllocation', {
      ...keyOf(OWN, KEY_PRODUCTS),
      AgentName: otherRsp,
      LoadBearingAmount: '500.00',
    });
    expect((await decide('salesTask', reached, 'requestConfirmation', 'province')).status).toBe(200);
    expect((await getOne('provinceTask', reached)).TaskPackageStatus).toBe('131');

    const line = await create('rspTaskAllocation', {
      ...keyOf(PARTNER, SELL_IN),
      AgentName: rspName,
      LoadBearingAmount: '1100.00',
    });
    expect((await decide('salesTask', left.ObjectID, 'requestConfirmation', 'province')).status).toBe(200);
    const rulings = await todo('province', 'salesTask.rspTaskAllocation');
    const objected = await decide('rspTaskConfirmation', line.ObjectID, 'object', 'rsp', {
      reason: 'Stock high',
      amount: '900.00',
    });
    expect(objected.status, objected.body.message).toBe(200);
    expect(await todo('province', 'salesTask.rspTaskAllocation')).toBe(rulings + 1);

    await move(line.ObjectID, { Brand: OWN, IndicatorType: KEY_PRODUCTS });
    expect(await todo('province', 'salesTask.rspTaskAllocation')).toBe(rulings);
    const moved = await getOne('rspTaskAllocation', line.ObjectID, 'rsp');
    expect([moved.ConfirmStatus, moved.ObjectionAmount ?? null, moved.ObjectionReason ?? null]).toEqual([
      '101',
      null,
      null,
    ]);
    expect(await awaitingRsp()).toContain(line.ObjectID);
    expect(await openRounds(line.ObjectID)).toBe(1);
    // The target it left no longer waits for it: left with no line, it is back in allocation.
    expect((await getOne('provinceTask', left.ObjectID)).TaskPackageStatus).toBe('121');
    const submit = await decide('salesTask', left.ObjectID, 'submit', 'province');
    expect(submit.status).toBe(409);
    expect(submit.body.message).not.toContain(rspName);
  });
});

describe('a line moved before the move settled its confirmation', () => {
  const ROLLBACK = new Error('rolled back after the check');
  const KEY = 'salesTasks.confirmationIsOfItsTarget';
  const lineOf = async (trx: Db, agent: string, brand: string, indicator: string) =>
    (
      await sql<{ id: string }>`select object_id::text as id from record where resource = 'rspTaskAllocation'
        and data->>'Year' = ${String(YEAR)} and data->>'ProvinceName' = ${PROVINCE} and data->>'AgentName' = ${agent}
        and data->>'Brand' = ${brand} and data->>'IndicatorType' = ${indicator}`.execute(trx)
    ).rows[0].id;
  const found = async (trx: Db) => (await checkBooks(trx, (k) => k === KEY)).checks[0];
  const moveAround = (trx: Db, id: string, Brand: string, IndicatorType: string) =>
    sql`update record set data = data || ${JSON.stringify({ Brand, IndicatorType })}::jsonb
      where object_id = ${id}`.execute(trx);

  it('is named by the books, and settled by the migration as the move now settles it', async () => {
    // A target never sent out, with a line of its own.
    await create('provinceTask', { ...keyOf(PARTNER, SELL_OUT), AnnualTask: '1000.00' });
    const own = await create('rspTaskAllocation', {
      ...keyOf(PARTNER, SELL_OUT),
      AgentName: otherRsp,
      LoadBearingAmount: '1100.00',
    });
    await db()
      .transaction()
      .execute(async (trx) => {
        expect((await found(trx)).total).toBe(0);
        // As a move wrote them before: the confirmed line of the partner line's collections target, and
        // the line waiting for its RSP under the own line's key products target, edited onto other keys.
        const confirmed = await lineOf(trx, rspName, PARTNER, COLLECTIONS);
        await moveAround(trx, confirmed, OWN, COLLECTIONS);
        const waiting = await lineOf(trx, rspName, OWN, KEY_PRODUCTS);
        await moveAround(trx, waiting, PARTNER, SELL_OUT);
        // And an answer of a round sent before rounds named their target, on a target never sent out.
        const streamId = `rspTaskConfirmation-${own.ObjectID}-1`;
        const subject: [string, string] = ['rspTaskAllocation', own.ObjectID];
        const workflow = 'rspTaskConfirmation';
        await startStream(trx, {
          streamId,
          workflow,
          subject,
          input: { sender: SYSTEM_ACTOR },
          actor: SYSTEM_ACTOR,
        });
        const agent = { id: 'agent', name: otherRsp, role: ROLE.rspAgent };
        await dispatch(trx, { streamId, event: { type: 'confirmation.confirm' }, actor: agent });
        await sql`update record set data = data || '{"ConfirmedAmount": "1100.00"}'::jsonb
          where object_id = ${own.ObjectID}`.execute(trx);

        const named = (await found(trx)).rows.map((r) => r.object_id).sort();
        expect(named).toEqual([confirmed, waiting, own.ObjectID].sort());

        await settleMovedLines(trx as never);
        expect((await found(trx)).rows).toEqual([]);
        const lines = await sql<{ id: string; status: string | null; amount: string | null }>`select
            object_id::text as id, data->>'ConfirmStatus' as status, data->>'ConfirmedAmount' as amount
          from record where object_id in (${confirmed}, ${waiting}, ${own.ObjectID})`.execute(trx);
        expect(lines.rows.map((l) => [l.status, l.amount])).toEqual([
          [null, null],
          [null, null],
          [null, null],
        ]);
        const open = await sql<{ n: number }>`select count(*)::int as n from workflow_stream
          where subject_id in (${confirmed}, ${waiting}, ${own.ObjectID}) and state->>'status' = 'active'`.execute(
          trx,
        );
        expect(open.rows[0].n).toBe(0);
        // Each round's history reads as the portal's own withdrawal: replayed, it ends where its row says.
        const rounds = await sql<{
          stream_id: string;
          status: string;
        }>`select stream_id, status from workflow_stream
          where subject_id in (${confirmed}, ${waiting}, ${own.ObjectID})`.execute(trx);
        for (const round of rounds.rows) {
          const replayed = replay(await readStream(trx, round.stream_id));
          expect([replayed.doubt, String(replayed.snapshot.value)]).toEqual([undefined, round.status]);
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
