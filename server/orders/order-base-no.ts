import { sql } from 'kysely';

/**
 * The number an order keeps through its revisions (docs/order-changes.md), as SQL over the order row
 * `alias`: its own number until a change applies, then the base number every revision is named after
 * (`DD…` of `DD…-1`, `DD…-2`). The rebate ledger names an order's flows by it, so what the order
 * froze and used before a change is still its own when it is cancelled or invoiced after one. Its
 * superseded copies share it too: a caller wanting the order itself leaves them out.
 */
export const baseOrderNoOf = (alias: string) =>
  sql<string>`coalesce(${sql.ref(`${alias}.data`)}->>'BaseOrderNo', ${sql.ref(`${alias}.order_no`)})`;
