import { sql } from 'kysely';
import type { Db } from '../../../server/db/database';
import { startTestApp, type TestApp } from '../harness';

/** The demo accounts the month acts as: every role, and the newcomer who must first change a password. */
export const ROLES = [
  'admin',
  'channel',
  'province',
  'region',
  'city',
  'ops',
  'finance',
  'legal',
  'product',
  'vp',
  'channeldept',
  'rsp',
  'ccp',
  'gd',
  'newstaff',
] as const;
export type Role = (typeof ROLES)[number];

const PASSWORDS: Partial<Record<Role, string>> = { admin: 'Admin@123456', newstaff: 'Welcome@2026' };

/** The companies records are made for: the two agents with staff accounts, and one of another province. */
export type Owner = 'rsp' | 'ccp' | 'far';
export interface Company {
  id: string;
  name: string;
}

/** A record the month made, with the company it belongs to. */
export interface Made {
  id: string;
  owner: Owner;
}

/** What the month has made so far, by kind: the targets later commands pick from. */
export interface Ledger {
  orders: Made[];
  receipts: Made[];
  invoices: Made[];
  shipments: Made[];
  loans: Made[];
  opportunities: Made[];
  specialPrices: Made[];
  executionOrders: Made[];
  changes: Made[];
  tasks: Made[];
  /** The RSP lines of province targets, which the RSP confirms. */
  targetLines: Made[];
  /** Report files as uploaded, for uploading the very same file again. */
  reports: { pageId: string; rows: Record<string, string | number | null>[] }[];
}

export interface World {
  t: TestApp;
  db: Db;
  companies: Record<Owner, Company>;
  /** The general distributor whose staff upload the stock and sales reports. */
  distributor: string;
  /** Products at a standard price an order of a few units keeps in the smallest approval band. */
  products: { code: string; price: string }[];
  /** Product models the distributor never reported: stock chains of the month's own. */
  models: string[];
  made: Ledger;
  /** A number unique within the month, for serial numbers and names. */
  next(): number;
  /** The token of a demo account, logged in on first use. */
  as(role: Role): Promise<string>;
  close(): Promise<void>;
}

async function rows<T>(db: Db, query: ReturnType<typeof sql<T>>): Promise<T[]> {
  return (await query.execute(db)).rows;
}

/** A fresh demo portal for one month: nothing the month makes outlives it. */
export async function openWorld(): Promise<World> {
  const t = await startTestApp('demo');
  const db = t.database.db;
  const staffed = await rows(
    db,
    sql<{ username: string; id: string; name: string; province: string }>`select e.username,
      c.object_id::text as id, c.name, c.province_code as province from employee e
      join customer c on c.object_id = e.company_id where e.username in ('rsp', 'ccp', 'gd')`,
  );
  const distributor = staffed.find((c) => c.username === 'gd')!.name;
  const rsp = staffed.find((c) => c.username === 'rsp')!;
  const ccp = staffed.find((c) => c.username === 'ccp')!;
  const [far] = await rows(
    db,
    sql<Company>`select object_id::text as id, name from customer where status = '161'
      and customer_type = '111' and province_code <> ${rsp.province} order by account_id limit 1`,
  );
  const products = await rows(
    db,
    sql<{ code: string; price: string }>`select product_code as code, standard_price::text as price
      from product where standard_price between 1000 and 20000 and coalesce(category, '') <> '181'
      order by product_code limit 3`,
  );
  const models = await rows(
    db,
    sql<{ model: string }>`select distinct p.data->>'ProductModel' as model from product p
      where p.data->>'ProductModel' is not null and not exists (select 1 from record r
        where r.resource = 'stockReport' and r.data->>'ProductModel' = p.data->>'ProductModel')
      order by 1 limit 3`,
  );
  // The agents order on credit with room to spare, so approval, not the credit check, decides most orders.
  await sql`update customer set data = data || ${JSON.stringify({ ExtPaymentTerms_SDK: '111', ExtCreditLimit_SDK: '100000000.00' })}::jsonb
    where object_id in (${rsp.id}, ${ccp.id}, ${far.id})`.execute(db);
  // The RSP's execution orders of the demo with units still to draw are there to order against.
  const executionOrders = await rows(
    db,
    sql<{ id: string }>`select distinct r.object_id::text as id from record r
      join execution_order_line l on l.execution_order_id = r.object_id
      where r.resource = 'executionOrder' and r.company_id = ${rsp.id}
        and l.drawn_quantity < l.approved_quantity and r.data->>'ValidUntil' >= to_char(now(), 'YYYY-MM-DD')
      order by 1`,
  );

  const tokens = new Map<Role, string>();
  let serial = 0;
  return {
    t,
    db,
    companies: { rsp, ccp, far },
    distributor,
    products,
    models: models.map((m) => m.model),
    made: {
      orders: [],
      receipts: [],
      invoices: [],
      shipments: [],
      loans: [],
      opportunities: [],
      specialPrices: [],
      executionOrders: executionOrders.map(({ id }) => ({ id, owner: 'rsp' })),
      changes: [],
      tasks: [],
      targetLines: [],
      reports: [],
    },
    next: () => ++serial,
    async as(role) {
      const known = tokens.get(role);
      if (known) return known;
      const token = await t.login(role, PASSWORDS[role] ?? 'Demo@123456');
      tokens.set(role, token);
      return token;
    },
    close: () => t.close(),
  };
}

/** The `pick`-th of a kind made so far (wrapping), or nothing when none was made yet. */
export function pickFrom<T>(list: T[], pick: number): T | undefined {
  return list.length ? list[pick % list.length] : undefined;
}
