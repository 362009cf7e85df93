import { sql } from 'kysely';
import { type Made, type Owner, pickFrom, type World } from './world';

/**
 * A made record of a kind, chosen among those in a state the command can act on (when `where` names
 * them) for most draws, and among all of the kind for the rest: so most commands do real work and
 * some still try a record in the wrong state.
 */
export async function choose(
  kind: Made[],
  step: { pick: number; n: number },
  actable?: (ids: string[]) => Promise<string[]>,
): Promise<Made | undefined> {
  if (!actable || step.n % 5 === 0 || kind.length === 0) return pickFrom(kind, step.pick);
  const ready = new Set(await actable(kind.map((m) => m.id)));
  return (
    pickFrom(
      kind.filter((m) => ready.has(m.id)),
      step.pick,
    ) ?? pickFrom(kind, step.pick)
  );
}

/** Ids of a table's rows among `ids` whose `column` (a column, or a field of its data) holds one of `values`. */
export const inState =
  (world: World, table: string, column: string, values: string[]) =>
  async (ids: string[]): Promise<string[]> => {
    const field = column.startsWith('data.') ? sql`data->>${column.slice(5)}` : sql.ref(column);
    const { rows } = await sql<{ id: string }>`select object_id::text as id from ${sql.table(table)}
      where object_id in (${sql.join(ids)}) and ${field} in (${sql.join(values)})`.execute(world.db);
    return rows.map((r) => r.id);
  };

/** An order as it is now: a change renumbers it and every write bumps its version. */
export interface OrderNow {
  no: string;
  version: number;
  amount: string;
  approval: string;
}

export async function orderNow(world: World, id: string): Promise<OrderNow | undefined> {
  const { rows } = await sql<OrderNow>`select order_no as no, version, order_amount::text as amount,
      approval_status as approval
    from sales_order o where object_id = ${id}`.execute(world.db);
  return rows[0];
}

/** The current version of a row of a table with a version column. */
export async function versionOf(world: World, table: string, id: string): Promise<number | undefined> {
  const { rows } = await sql<{ version: number }>`select version from ${sql.table(table)}
    where object_id = ${id}`.execute(world.db);
  return rows[0]?.version;
}

/** The company of an owner, by name, as the order and payment forms name agents. */
export const agentName = (world: World, owner: Owner) => world.companies[owner].name;

/** The owners in the order a draw's `n` chooses them: mostly the actor's own company. */
export const OWNERS: Owner[] = ['rsp', 'ccp', 'far'];

/** Yuan with two decimals from fen. */
export const yuan = (fen: number | bigint) => {
  const digits = String(fen).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
};

/** Fen from a yuan string the server wrote. */
export const fenOf = (text: string) => Number(BigInt(text.replace('.', '').replace(/^-?0+(?=\d)/, '')));
