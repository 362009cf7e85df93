import { sql } from 'kysely';
import type { Db } from '../db/database';
import { PortalError } from '../http/envelope';

export interface StoredEvent {
  stream_id: string;
  seq: number;
  type: string;
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

/**
 * Appends one event at the next sequence number. The primary key (stream, seq) makes a second writer
 * who replayed the same version fail here, so of two racing approvers exactly one wins.
 */
export async function appendEvent(db: Db, event: Omit<StoredEvent, 'at'> & { at?: Date }): Promise<void> {
  try {
    await sql`insert into workflow_event (stream_id, seq, type, payload, actor_id, actor_name, role, at)
      values (${event.stream_id}, ${event.seq}, ${event.type}, ${JSON.stringify(event.payload)}::jsonb,
              ${event.actor_id}, ${event.actor_name}, ${event.role}, ${event.at ?? new Date()})`.execute(db);
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
