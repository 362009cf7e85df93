/**
 * True when a write broke a unique index (SQLSTATE 23505), optionally a named one. Two racing writers
 * can both pass a "not taken yet" check; the index refuses the second, and this tells the caller so
 * it can answer a clear 409 instead of a 500.
 */
export function isUniqueViolation(error: unknown, index?: string): boolean {
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown };
  const unique = String(e?.code) === '23505' || /duplicate key/i.test(String(e?.message));
  if (!unique || !index) return unique;
  return e.constraint === index || String(e.message).includes(index);
}

/**
 * True when a delete broke a foreign key (SQLSTATE 23503): another table's rows still refer to the
 * record (a ledger account, a receipt), so the answer is a clear 409, not a 500.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  return String(e?.code) === '23503' || /violates foreign key constraint/i.test(String(e?.message));
}
