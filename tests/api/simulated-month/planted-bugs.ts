import { sql } from 'kysely';
import type { Plant } from './month';

type Draws = { id: string; drawn: number }[];

/**
 * "A deleted order does not give its draw back": after a delete the portal answered with success,
 * the execution-order lines get back the draws they had before it, as if the give-back never ran.
 */
export const undrawnOnDelete: Plant = {
  async before(world, step) {
    if (step.do !== 'order.delete') return [];
    const { rows } = await sql<{ id: string; drawn: number }>`select object_id::text as id,
      drawn_quantity as drawn from execution_order_line`.execute(world.db);
    return rows;
  },
  async after(world, step, answer, before) {
    if (step.do !== 'order.delete' || answer.status !== 200) return;
    for (const line of before as Draws)
      await sql`update execution_order_line set drawn_quantity = ${line.drawn}
        where object_id = ${line.id} and drawn_quantity < ${line.drawn}`.execute(world.db);
  },
};
