import { sql } from 'kysely';
import { placeholderPageIds } from '../../catalogue/catalogue';
import type { Db } from '../db/database';
import { PortalError } from '../http/envelope';
import type { Lang } from '../http/i18n';

export interface RoleInput {
  code: string;
  RoleName?: string;
  RoleNameEn?: string;
  DataScope?: string;
  RoleToMenuMenuList?: { ID: string; Path: string }[];
  /** For updates: the version the editor saw; another save in between refuses this one. */
  expectedVersion?: number;
}

const toWire = (
  row: {
    code: string;
    name_zh: string;
    name_en: string;
    data_scope: string;
    version: number;
    created_at: Date;
  },
  menus: { menu_id: string; path: string }[],
  lang: Lang,
) => ({
  ObjectID: row.code,
  RoleCode: row.code,
  RoleName: row.name_zh,
  RoleNameEn: row.name_en,
  RoleDisplayName: lang === 'en' ? row.name_en : row.name_zh,
  DataScope: row.data_scope,
  Version: row.version,
  CreationOn: row.created_at,
  RoleToMenuMenuList: menus.map((m) => ({ ID: m.menu_id, Path: m.path })),
});

export async function findRole(db: Db, code: string, lang: Lang) {
  const row = await db.selectFrom('role').selectAll().where('code', '=', code).executeTakeFirst();
  if (!row) return undefined;
  const menus = await db
    .selectFrom('role_menu')
    .select(['menu_id', 'path'])
    .where('role_code', '=', code)
    .orderBy('menu_id')
    .execute();
  // The login's menu fetch and the role editor read this: a placeholder stays out of both.
  const granted = menus.filter((m) => !placeholderPageIds.has(m.path));
  return toWire(row, granted, lang);
}

export async function listRoles(db: Db, q: { currentPage: number; pageSize: number; keyword?: string }) {
  let query = db.selectFrom('role');
  if (q.keyword) {
    const like = `%${q.keyword.replace(/[%_\\]/g, '\\$&')}%`;
    query = query.where((eb) =>
      eb.or([eb('code', 'ilike', like), eb('name_zh', 'ilike', like), eb('name_en', 'ilike', like)]),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .select(['code', 'name_zh', 'name_en', 'data_scope', 'version', 'created_at'])
      .select((eb) =>
        eb
          .selectFrom('role_menu')
          .whereRef('role_menu.role_code', '=', 'role.code')
          .$if(placeholderPageIds.size > 0, (menus) =>
            menus.where('role_menu.path', 'not in', [...placeholderPageIds]),
          )
          .select(sql<number>`count(*)::int`.as('n'))
          .as('menu_count'),
      )
      .select((eb) =>
        eb
          .selectFrom('employee')
          .whereRef('employee.role_code', '=', 'role.code')
          .select(sql<number>`count(*)::int`.as('n'))
          .as('employee_count'),
      )
      .orderBy('code')
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize)
      .execute(),
    query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirst(),
  ]);
  return {
    total: count?.n ?? 0,
    rows: rows.map((r) => ({
      ObjectID: r.code,
      RoleCode: r.code,
      RoleName: r.name_zh,
      RoleNameEn: r.name_en,
      DataScope: r.data_scope,
      Version: r.version,
      MenuCount: r.menu_count ?? 0,
      EmployeeCount: r.employee_count ?? 0,
      CreationOn: r.created_at,
    })),
  };
}

/** Creates or updates a role with its whole menu list, in one transaction. */
export async function saveRole(db: Db, role: RoleInput) {
  await db.transaction().execute(async (trx) => {
    if (role.expectedVersion === undefined) {
      await trx
        .insertInto('role')
        .values({
          code: role.code,
          name_zh: role.RoleName!,
          name_en: role.RoleNameEn!,
          data_scope: role.DataScope!,
        })
        .execute();
    } else {
      const result = await trx
        .updateTable('role')
        .set((eb) => ({
          ...(role.RoleName !== undefined ? { name_zh: role.RoleName } : {}),
          ...(role.RoleNameEn !== undefined ? { name_en: role.RoleNameEn } : {}),
          ...(role.DataScope !== undefined ? { data_scope: role.DataScope } : {}),
          version: eb('version', '+', 1),
        }))
        .where('code', '=', role.code)
        .where('version', '=', role.expectedVersion)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw new PortalError(409, 'server.staleWrite');
    }
    if (role.RoleToMenuMenuList) {
      await trx.deleteFrom('role_menu').where('role_code', '=', role.code).execute();
      const unique = [...new Map(role.RoleToMenuMenuList.map((m) => [m.Path, m])).values()];
      if (unique.length) {
        await trx
          .insertInto('role_menu')
          .values(unique.map((m) => ({ role_code: role.code, menu_id: m.Path, path: m.Path })))
          .execute();
      }
    }
  });
}

export async function deleteRole(db: Db, code: string) {
  await db.transaction().execute(async (trx) => {
    const users = await trx
      .selectFrom('employee')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('role_code', '=', code)
      .executeTakeFirst();
    if ((users?.n ?? 0) > 0) throw new PortalError(409, 'server.roleInUse', { count: users?.n });
    const result = await trx.deleteFrom('role').where('code', '=', code).executeTakeFirst();
    if (Number(result.numDeletedRows) !== 1) throw new PortalError(404, 'server.unknownRole', { code });
  });
}
