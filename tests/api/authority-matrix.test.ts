import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writablePages } from '../../server/http/access';
import { engineResources, type ResourceDef } from '../../server/resources/registry';
import { roleAccounts } from '../../server/seed/employees.seed';
import {
  answerKind,
  type Expectation,
  expectationOf,
  keepsRule,
  lockedStatesOf,
  OWN_WRITES,
  writableFieldsOf,
} from './authority-matrix.cases';
import { startTestApp, type TestApp } from './harness';

/**
 * The field authority matrix (docs/security.md, "Locks by state"), generated from the catalogue: every
 * generic resource × demo role × field a form writes, in the sampled record's own state and in each
 * state a page declares a lock for, written as that role through `<resource>/update` on a record in its
 * scope (its present value written back; a role holding the same forms of the resource as one asked
 * before is asked one field). Each answer must be what the caller's pages allow: accepted
 * only where a held page offers the field unlocked in that state; never the lock where one does.
 * The page-level access of every endpoint is authorization-matrix.test.ts's.
 */
let t: TestApp;
const roles: { login: string; role: string; token: string; held: ReadonlySet<string> }[] = [];
const RESOURCES = engineResources().filter((def) => writableFieldsOf(def).length > 0);

beforeAll(async () => {
  t = await startTestApp('demo');
  for (const { username, password } of roleAccounts) {
    const { body } = await t.post('/user/login', { username, password });
    const { token, employee } = body.results;
    roles.push({
      login: username,
      role: employee.ExtRoleCode_SDK,
      token,
      held: await writablePages(t.database.db, employee.ExtRoleCode_SDK),
    });
  }
});
afterAll(() => t?.close());

const db = () => t.database.db;

/** The stored status of a record (a column or a `data` field), read and set behind the API for the matrix. */
async function statusOf(def: ResourceDef, id: string, field: string) {
  const column = def.storage.columns[field]?.column;
  const { rows } = await sql<{ v: string | null }>`select ${
    column ? sql`t.${sql.ref(column)}::text` : sql`t.data->>${field}`
  } as v from ${sql.table(def.storage.table)} t where t.object_id = ${id}`.execute(db());
  return rows[0]?.v ?? null;
}
async function setStatus(def: ResourceDef, id: string, field: string, value: string | null) {
  const column = def.storage.columns[field]?.column;
  await (column
    ? sql`update ${sql.table(def.storage.table)} set ${sql.ref(column)} = ${value} where object_id = ${id}`
    : sql`update ${sql.table(def.storage.table)} set data = data || jsonb_build_object(${field}::text, ${value}::text)
        where object_id = ${id}`
  ).execute(db());
}

interface Tally {
  cases: number;
  accepted: number;
  locked: number;
  notHeld: number;
  unexpectedAcceptances: number;
  wrong: string[];
}

describe('field authority matrix: resource × role × writable field × declared state', () => {
  it('answers every write as the caller’s pages allow, in every declared state', async () => {
    const started = Date.now();
    const table: Record<string, Record<string, number | string>> = {};
    const total: Tally = {
      cases: 0,
      accepted: 0,
      locked: 0,
      notHeld: 0,
      unexpectedAcceptances: 0,
      wrong: [],
    };
    let lockRefusals = 0;
    for (const def of RESOURCES) {
      const fields = writableFieldsOf(def);
      const states = lockedStatesOf(def);
      const tally = { cases: 0, accepted: 0, locked: 0, notHeld: 0, unexpected: 0, skipped: 0 };
      const walkedForms = new Set<string>();
      for (const role of roles) {
        // A record in the role's scope, as its own list finds it; a role that reads none is refused first.
        const found = await t.post(`/${def.name}/search`, { pageSize: 1 }, role.token);
        const id: string | undefined = found.body.results?.[0]?.ObjectID;
        if (!id) {
          tally.skipped++;
          continue;
        }
        const ownsAForm = def.editPages.some((page) => role.held.has(page));
        // The answer to a field depends on the forms of the resource the role holds and the record's
        // state, nothing else of the role: the first role holding a given set of forms (or none) walks
        // every field, a later one with the same set one field, which keeps the matrix quick.
        const forms = def.editPages.filter((page) => role.held.has(page)).join(',');
        const asked = walkedForms.has(forms) ? fields.slice(0, 1) : fields;
        walkedForms.add(forms);
        // States matter only to a role that holds a form; for the others the answer is the same in all.
        const variants: ({ field: string; value: string } | undefined)[] = [
          undefined,
          ...(ownsAForm ? states : []),
        ];
        const saved = new Map<string, string | null>();
        for (const { field } of states) saved.set(field, await statusOf(def, id, field));
        for (const variant of variants) {
          if (variant) await setStatus(def, id, variant.field, variant.value);
          const one = await t.post(`/${def.name}/getOne`, { ObjectID: id }, role.token);
          const record = (one.body.results?.[0] ?? {}) as Record<string, unknown>;
          for (const field of asked) {
            const expected: Expectation = expectationOf(def, role.held, field, record, role.role);
            // Whether a held page offers a field does not depend on the state: asked once, in the record's own.
            if (variant && expected === 'notHeld') continue;
            const { rows } = await sql<{
              version: number;
            }>`select version from ${sql.table(def.storage.table)}
              where object_id = ${id}`.execute(db());
            const answer = await t.post(
              `/${def.name}/update`,
              { ObjectID: id, Version: rows[0].version, [field]: record[field] ?? null },
              role.token,
            );
            const kind = answerKind(answer.status, String(answer.body.message ?? ''));
            tally.cases++;
            tally[expected]++;
            if (kind === 'lockRefusal') lockRefusals++;
            if (kind === 'accepted' && expected !== 'accepted') tally.unexpected++;
            if (!keepsRule(expected, kind, OWN_WRITES.has(def.name)))
              total.wrong.push(
                `${def.name}.${field} as ${role.login}${variant ? ` (${variant.field}=${variant.value})` : ''}: ` +
                  `${answer.status} ${answer.body.message}, expected ${expected}`,
              );
            if (kind === 'accepted') total.accepted++;
          }
        }
        for (const [field, value] of saved) await setStatus(def, id, field, value);
      }
      total.cases += tally.cases;
      total.locked += tally.locked;
      total.notHeld += tally.notHeld;
      total.unexpectedAcceptances += tally.unexpected;
      table[def.name] = {
        fields: fields.length,
        states: states.length,
        cases: tally.cases,
        'offered unlocked': tally.accepted,
        locked: tally.locked,
        'not held': tally.notHeld,
        'roles without a record': tally.skipped,
        'unexpected acceptances': tally.unexpected,
        ...(OWN_WRITES.has(def.name) ? { 'own commands': 'yes' } : {}),
      };
    }
    console.log(
      `field authority matrix: ${total.cases} cases over ${RESOURCES.length} resources in ${Math.round(
        (Date.now() - started) / 1000,
      )} s`,
    );
    console.table(table);
    expect(total.wrong).toEqual([]);
    expect(total.unexpectedAcceptances).toBe(0);
    // The matrix must be able to fail: writes were accepted, and the lock itself refused some.
    expect(total.accepted).toBeGreaterThan(0);
    expect(total.locked).toBeGreaterThan(0);
    expect(lockRefusals).toBeGreaterThan(0);
  }, 300_000);
});
