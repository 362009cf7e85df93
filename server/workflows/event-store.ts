import { sql } from 'kysely';
import type { Db } from '../db/database';
import { PortalError } from '../http/envelope';

export interface StoredEvent {
  stream_id: string;
  seq: number;
  type: string;
  /** The version of the event type's schema the payload was written in (upcast on read). */
  schema_version: number;
  payload: Record<string, unknown>;
  actor_id: string;
  actor_name: string;
  role: string;
  at: Date;
}

export async function readStream(db: Db, streamId: string): Promise<StoredEvent[]> {
  const result =
    await sql<StoredEvent>`select * from workflow_event where stream_id = ${streamId} order by seq`.execute(
      db,
    );
  return result.rows;
}

/** Every stream id, in a stable order (verification and rebuild walk them all). */
export async function streamIds(db: Db): Promise<string[]> {
  const result = await sql<{ stream_id: string }>`select stream_id from workflow_event where seq = 1
    order by stream_id`.execute(db);
  return result.rows.map((r) => r.stream_id);
}

/**
 * Appends one event at the next sequence number. The primary key (stream, seq) makes a second writer
 * who replayed the same version fail here, so of two racing approvers exactly one wins. The table
 * refuses updates and deletes (a trigger): history is only ever appended.
 */
export async function appendEvent(
  db: Db,
  event: Omit<StoredEvent, 'at' | 'schema_version'> & { at?: Date; schema_version?: number },
): Promise<void> {
  try {
    await sql`insert into workflow_event (stream_id, seq, type, schema_version, payload, actor_id, actor_name, role, at)
      values (${event.stream_id}, ${event.seq}, ${event.type}, ${event.schema_version ?? 1},
              ${JSON.stringify(event.payload)}::jsonb, ${event.actor_id}, ${event.actor_name}, ${event.role},
              ${event.at ?? new Date()})`.execute(db);
  } catch (error) {
    if (
      String((error as { code?: string }).code) === '23505' ||
      /duplicate key|unique/i.test(String(error))
    ) {
      throw new PortalError(409, 'server.workflow.raced');
    }
    throw error;
  }
}
