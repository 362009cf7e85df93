import { type Kysely, sql } from 'kysely';
import REGION_MANAGER_MENUS from './043-region-approver-bands.data.json';

/** The region manager as the demo role model had it; its menu list is kept beside this migration. */
const REGION_MANAGER = { code: 'JS019', nameZh: '大区经理', nameEn: 'Region manager', dataScope: 'region' };

/** Pages only some roles hold: the depth bands, the server's caches and the rebate task form. */
const RESTRICTED_PAGES: Record<string, string[]> = {
  'business.specialPriceBands': ['JS001', 'JS013'],
  'business.specialPriceBandDetail': ['JS001', 'JS013'],
  'baseManage.cacheConfig': ['JS001'],
  'rebates.rebateTaskEdit': ['JS001', 'JS010', 'JS018', 'JS013'],
};

/** The level fields of a band record, first to fourth. */
const BAND_STEPS = ['firstRole', 'secondRole', 'thirdRole', 'fourthRole'];

/**
 * The default bands as records, by fixed id (the ones the reference step gives a new database): the
 * region manager (JS019) now decides at the region level.
 */
const DEFAULT_BANDS: [id: string, data: Record<string, unknown>][] = [
  ['special-price-band-1', { MinDepth: 95, firstRole: 'JS011', Enabled: true }],
  ['special-price-band-2', { MinDepth: 90, firstRole: 'JS011', secondRole: 'JS019', Enabled: true }],
  [
    'special-price-band-3',
    {
      MinDepth: 85,
      MinMargin: 10,
      firstRole: 'JS011',
      secondRole: 'JS019',
      thirdRole: 'JS013',
      Enabled: true,
    },
  ],
  [
    'special-price-band-4',
    {
      MinDepth: 0,
      firstRole: 'JS011',
      secondRole: 'JS019',
      thirdRole: 'JS013',
      fourthRole: 'JS017',
      Enabled: true,
    },
  ],
];

/** The bands migration 029 wrote, by band number: what a database nobody reconfigured still holds. */
const BANDS_OF_029: Record<number, [depth: number, margin: number | null, chain: string[]]> = {
  1: [9500, null, ['JS011']],
  2: [9000, null, ['JS011', 'JS013']],
  3: [8500, 1000, ['JS011', 'JS013', 'JS013']],
  4: [0, null, ['JS011', 'JS013', 'JS013', 'JS017']],
};

const count = async (db: Kysely<unknown>, query: ReturnType<typeof sql<{ n: number }>>) =>
  Number((await query.execute(db)).rows[0]?.n ?? 0);

/**
 * The opportunity module's gaps (docs/special-prices.md, docs/opportunities.md):
 * - provinces carry their sales region, which the region manager's data scope reads;
 * - the region manager (JS019) joins a database seeded before, with its menus;
 * - the special-price depth bands become records edited on their own page (list and form, for the
 *   administrator and the sales operations desk); a database seeded before keeps what it had, the
 *   untouched defaults taking the region manager at the region level; the old table goes;
 * - a special-price line may be a CPQ configuration, priced at the configuration level: it keeps the
 *   configuration's sub-BOM lines as they were priced;
 * - the opportunity customer list gets its create form, for every role holding the list.
 */
export async function up(db: Kysely<unknown>) {
  // Each province's sales region is reference data: the reference step writes it.
  await sql`alter table region add column sales_area text`.execute(db);

  await sql`alter table special_price_line add column configuration jsonb`.execute(db);

  const seeded = await count(db, sql`select count(*)::int as n from employee`);
  if (seeded) {
    const old = await sql<{
      band_no: number;
      min_depth_bp: number;
      min_margin_bp: number | null;
      chain: string[];
      enabled: boolean;
    }>`select band_no, min_depth_bp, min_margin_bp, chain, enabled from special_price_band order by band_no`.execute(
      db,
    );
    const untouched = (row: (typeof old.rows)[number]) => {
      const was = BANDS_OF_029[row.band_no];
      return (
        was &&
        row.enabled &&
        was[0] === row.min_depth_bp &&
        was[1] === row.min_margin_bp &&
        JSON.stringify(was[2]) === JSON.stringify(row.chain)
      );
    };
    if (old.rows.length === 4 && old.rows.every(untouched))
      for (const [name, data] of DEFAULT_BANDS)
        await sql`insert into record (object_id, resource, data, created_by_name, updated_by_name)
          values (md5(${name})::uuid, 'specialPriceBand', ${JSON.stringify(data)}::jsonb, 'system', 'system')
          on conflict (object_id) do nothing`.execute(db);
    else
      for (const row of old.rows) {
        // A band as its form saves it: percents, a role per level.
        const data = {
          MinDepth: row.min_depth_bp / 100,
          ...(row.min_margin_bp === null ? {} : { MinMargin: row.min_margin_bp / 100 }),
          ...Object.fromEntries(row.chain.map((role, i) => [BAND_STEPS[i], role])),
          Enabled: row.enabled,
        };
        await sql`insert into record (resource, data, created_by_name, updated_by_name)
          values ('specialPriceBand', ${JSON.stringify(data)}::jsonb, 'system', 'system')`.execute(db);
      }
  }
  await sql`drop table special_price_band`.execute(db);

  // A database seeded before gets the region manager (a new one gets it from the reference step, which
  // also words it in the RoleCode dictionary).
  const region = REGION_MANAGER;
  if (await count(db, sql`select count(*)::int as n from role`)) {
    await sql`insert into role (code, name_zh, name_en, data_scope)
      values (${region.code}, ${region.nameZh}, ${region.nameEn}, ${region.dataScope})
      on conflict (code) do nothing`.execute(db);
    for (const page of REGION_MANAGER_MENUS)
      await sql`insert into role_menu (role_code, menu_id, path) values (${region.code}, ${page}, ${page})
        on conflict (role_code, menu_id) do nothing`.execute(db);
  }
  for (const [page, roles] of Object.entries(RESTRICTED_PAGES))
    await sql`insert into role_menu (role_code, menu_id, path)
      select code, ${page}, ${page} from role where code in (${sql.join(roles)})
      on conflict (role_code, menu_id) do nothing`.execute(db);
  await sql`insert into role_menu (role_code, menu_id, path)
    select role_code, 'business.opportunityCustomerEdit', 'business.opportunityCustomerEdit' from role_menu
    where path = 'business.opportunityCustomerData'
    on conflict (role_code, menu_id) do nothing`.execute(db);
}
