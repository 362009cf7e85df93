import { CustomerStatus, CustomerType } from '../../domain/codes/customers.codes';
import { ProductLineInfo } from '../../domain/codes/opportunities.codes';
import { areaResource } from '../areas/areas';
import type { Db } from '../db/database';
import { insertRows } from '../db/json-rows';
import { ROLE } from '../identity/roles';
import { productLineOf } from '../rebates/product-line';
import { cityShort, provinceOf, provinces } from '../reference/regions.data';
import { engineResources, type ResourceDef } from '../resources/registry';
import { TEMPLATE_DISABLED, TEMPLATE_ENABLED } from '../resources/templates';
import { endUserName, NUMBER_PREFIX, poolNumber, staffFor } from './demo-text';
import { fillFields } from './demo-values';
import type { DemoWorld } from './demo-world';
import { addDays, DEMO_TODAY, type Random } from './random';
import { storyTable } from './story-data';

/**
 * Engine resources whose demo records a story of the seed enters (their areas say `demo: 'story'`):
 * the generic filler leaves them alone, as it leaves typed tables and resources with routes of their own.
 */
export const storyResources = () =>
  engineResources().filter((def) => areaResource(def.name)?.demo === 'story');

/** The resources that get 25–40 generic demo records each. */
export const genericResources = (): ResourceDef[] =>
  engineResources().filter((def) => def.storage.shared && areaResource(def.name)?.demo !== 'story');

/** Whose company an agent-linked record is, how often, and who wrote it (stories/record-owners.tsv). */
const OWNERS = storyTable('record-owners').map(({ owner, weight, author }) => {
  return [{ owner: owner as 'demoRsp' | 'demoCcp' | 'demoGd' | 'other', author }, Number(weight)] as const;
});
const ANYONE = { owner: 'other', author: '' } as const;

/** 25–40 records of every generic resource, each about an agent, one of its orders and a product. */
export async function insertRecords(db: Db, world: DemoWorld) {
  const active = world.customers.filter(
    (c) => c.status === CustomerStatus.active && c.type !== CustomerType.generalDistributor,
  );
  const rows: Row[] = [];
  for (const def of genericResources()) {
    const rng = world.rng.fork(`records:${def.name}`);
    // Records that name an agent belong to its company (agent staff see them).
    const linked = def.fields.has('AgentName');
    // The record's own number: its first business-number field (ExecutionOrderNo of an execution order).
    const ownField = [...def.fields.keys()].find((name) => NUMBER_PREFIX[name]);
    for (let index = 0, count = rng.int(25, 40); index < count; index += 1) {
      const { owner, author: writer } = linked ? rng.weighted(OWNERS) : ANYONE;
      const agent = owner === 'other' ? rng.pick(active) : world[owner];
      const pooled = ownField ? poolNumber(world, rng, NUMBER_PREFIX[ownField], index) : undefined;
      const theirs = world.orders.filter((o) => o.agent.id === agent.id);
      const candidates = theirs.length ? theirs : world.orders;
      const earlier = pooled ? candidates.filter((o) => o.day <= pooled.day) : candidates;
      const order = rng.pick(earlier.length ? earlier : candidates);
      const day = pooled?.day ?? rng.dayBefore(540);
      const [province, city] = linked ? [agent.province, agent.city] : vendorPlace(rng);
      const product = linked ? order.product : rng.pick(world.products);
      const company = linked ? order.endUser : endUserName(rng, cityShort(city));
      const own = pooled && ownField ? { field: ownField, no: pooled.no } : undefined;
      const ctx = { resource: def.name, index, day, province, city, agent, order, product, company, own };
      const data = fillFields(world, rng, def, ctx);
      const at = rng.timeOn(day);
      const author = linked
        ? writer || rng.personName()
        : staffFor(world, rng, ctx, [ROLE.cityManager, ROLE.provinceManager, ROLE.salesOperations]).name;
      const stamp = { created_at: at, updated_at: at, created_by_name: author, updated_by_name: author };
      const place = {
        company_id: linked ? agent.id : null,
        province_code: province.code,
        city_code: city.code,
      };
      rows.push({ object_id: rng.uuid(), resource: def.name, ...stamp, ...place, data });
    }
  }
  oneEnabledTemplatePerType(rows);
  await insertRows(db, 'record', productsOnSale(rows, world));
}

type Row = Record<string, unknown>;
const dataOf = (row: Row) => row.data as Row;

/** Since when the demo has each product line on sale: before its oldest registration was submitted. */
const LINES_ON_SALE_SINCE = addDays(DEMO_TODAY, -365);

/**
 * A product is on sale, and its line can be registered, only while a sales product configuration row is in
 * force (docs/opportunities.md): the demo keeps one open-ended row a product, and each line one in force
 * since before its first registration, a product of the line added where the filler drew none.
 */
function productsOnSale(rows: Row[], world: DemoWorld): Row[] {
  const configs = new Map<unknown, Row>();
  for (const row of rows.toReversed().filter((r) => r.resource === 'salesProductConfig'))
    if (!configs.has(dataOf(row).ProductCode)) configs.set(dataOf(row).ProductCode, row);
  const kept = [...configs.values()];
  for (const data of kept.map(dataOf)) {
    const product = world.products.find((p) => p.code === String(data.ProductCode));
    Object.assign(data, { Enabled: true, SpecialPriceAllowed: true, EndDate: null });
    if (product) data.ProductLine = productLineOf(product.category);
  }
  const rng = world.rng.fork('records:salesProductConfig:lines');
  const added: Row[] = [];
  const byStart = kept.map(dataOf).sort((a, b) => String(a.StartDate).localeCompare(String(b.StartDate)));
  for (const line of kept.length ? Object.values(ProductLineInfo) : []) {
    const first = byStart.find((data) => data.ProductLine === line);
    if (first && String(first.StartDate) > LINES_ON_SALE_SINCE) first.StartDate = LINES_ON_SALE_SINCE;
    const product = world.products.find((p) => productLineOf(p.category) === line && !configs.has(p.code));
    if (first || !product) continue;
    const { code: ProductCode, name: ProductName, model: ProductModel } = product;
    const data = { ...dataOf(kept[0]), ProductCode, ProductName, ProductModel, ProductLine: line };
    added.push({ ...kept[0], object_id: rng.uuid(), data: { ...data, StartDate: LINES_ON_SALE_SINCE } });
  }
  return [...rows.filter((row) => row.resource !== 'salesProductConfig' || kept.includes(row)), ...added];
}

/** One enabled agreement template per type (DOMAIN.md): the newest the filler enabled, others disabled. */
function oneEnabledTemplatePerType(rows: Row[]) {
  const enabled = rows
    .filter((r) => r.resource === 'agreementTemplate' && dataOf(r).ExtTemplateStatus_SDK === TEMPLATE_ENABLED)
    .sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)));
  const kept = new Set<unknown>();
  for (const data of enabled.map(dataOf)) {
    if (kept.has(data.ExtTemplateType_SDK)) data.ExtTemplateStatus_SDK = TEMPLATE_DISABLED;
    else kept.add(data.ExtTemplateType_SDK);
  }
}

/** Vendor-side records: a quarter in Jiangsu (half of those in Nanjing), the rest anywhere. */
function vendorPlace(rng: Random) {
  const province = rng.chance(0.25) ? provinceOf('320000') : rng.pick(provinces);
  const city = province.code === '320000' && rng.chance(0.5) ? province.cities[0] : rng.pick(province.cities);
  return [province, city] as const;
}
