import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAfterCorruption } from './books-kit';
import { startTestApp, type TestApp } from './harness';

/**
 * A workflow's row is a projection of its events (server/workflows/workflow.invariants.ts): the books
 * check names a stream whose row lost a step or sits in a state its last decision did not reach.
 */
let t: TestApp;
const db = () => t.database.db;

/** A demo stream that has had at least one decision after it started. */
async function decidedStream() {
  const { rows } = await sql<{ stream_id: string; version: number; status: string }>`
    select stream_id, version, status from workflow_stream where version > 1
    order by stream_id limit 1`.execute(db());
  expect(rows, 'the demo has decided streams').toHaveLength(1);
  return rows[0];
}

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('workflow projections in the books', () => {
  it('holds on the demo database', async () => {
    for (const key of ['system.stepsFollowEvents', 'system.stateIsLastReached']) {
      const found = await checkAfterCorruption(db(), key, async () => undefined);
      expect(found.total, key).toBe(0);
    }
  });

  it('names a stream whose row counts a step its events do not have', async () => {
    const stream = await decidedStream();
    const found = await checkAfterCorruption(db(), 'system.stepsFollowEvents', (trx) =>
      sql`update workflow_stream set version = version + 1 where stream_id = ${stream.stream_id}`.execute(
        trx,
      ),
    );
    expect(found.rows).toEqual([
      expect.objectContaining({ label: stream.stream_id, steps: stream.version + 1, events: stream.version }),
    ]);
  });

  it('names events with no stream row', async () => {
    const stream = await decidedStream();
    const found = await checkAfterCorruption(db(), 'system.stepsFollowEvents', (trx) =>
      sql`delete from workflow_stream where stream_id = ${stream.stream_id}`.execute(trx),
    );
    expect(found.rows).toEqual([expect.objectContaining({ label: stream.stream_id, steps: 0 })]);
  });

  it('names a stream whose row is not in the state its last decision reached', async () => {
    const stream = await decidedStream();
    const found = await checkAfterCorruption(db(), 'system.stateIsLastReached', (trx) =>
      sql`update workflow_stream set status = 'nowhere' where stream_id = ${stream.stream_id}`.execute(trx),
    );
    expect(found.rows).toEqual([expect.objectContaining({ label: stream.stream_id, step: stream.version })]);
  });
});
