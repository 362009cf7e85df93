/** A uuid's letters as PostgreSQL writes them: the five groups of hex digits, hyphens at their places. */
export const UUID_SHAPE = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * A record id as PostgreSQL writes a uuid (any case). The server tells an id from a business number
 * (an order's number, an opportunity's) with it, and refuses a would-be id before it reaches a
 * `::uuid` cast that would fail the whole statement.
 */
export const UUID_PATTERN = new RegExp(`^${UUID_SHAPE}$`, 'i');
