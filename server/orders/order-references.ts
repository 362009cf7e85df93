import { sql } from 'kysely';
import { businessDay } from '../../domain/business-clock';
import { CustomerType } from '../../domain/codes/customers.codes';
import type { Db } from '../db/database';
import { fieldError } from '../http/validate';
import {
  type CityManager,
  cityManagersCovering,
  cityManagersNamed,
  configuredCityManager,
} from '../identity/city-managers';
import { ACTIVE_AGENT } from '../opportunities/agent-companies';
import { resourceDef } from '../resources/registry';
import type { Agent } from './order-entry.rules';

const refuse = (field: string, problem: string) => fieldError('order', field, problem);

/** Whether an entry form writes a field of the order (its 城市经理: the self-built and RSP hardware forms). */
export const formWrites = (form: string, field: string) =>
  resourceDef('order')!.fields.get(field)?.writableIn.has(form) ?? false;
export const formNamesCityManager = (form: string) => formWrites(form, 'cityManagerName');

/**
 * Whose city-manager incentive the order counts toward: `city_manager_achieved` sums orders by this
 * name, so the server decides it, for every order entered. A name the form sends must be exactly one
 * enabled city manager whose cities include the agent's city at `at` (the configuration's rows in
 * force, else their own city); without one — and on the forms that name none (special-price, service),
 * and for the orders the partner pull syncs — the order takes the city manager the configuration names
 * for the agent's city, or none. A loan names its city manager by the same rule (`resource` is whose
 * field a refusal names).
 */
export async function orderCityManagerOf(
  trx: Db,
  agent: Pick<Agent, 'cityCode'>,
  named: unknown,
  at: Date,
  resource = 'order',
): Promise<CityManager | null> {
  if (typeof named !== 'string' || !named)
    return (await configuredCityManager(trx, agent.cityCode, businessDay(at))) ?? null;
  const refuseManager = (problem: string) => fieldError(resource, 'cityManagerName', problem);
  const { all, covering } = await cityManagersNamed(trx, named, agent.cityCode, at);
  if (!all.length) throw refuseManager('server.problems.unknownCityManager');
  if (covering.length > 1) throw refuseManager('server.problems.ambiguousPerson');
  if (!covering.length) throw refuseManager('ordersEntry.cityManagerOfOtherCity');
  return covering[0];
}

/** The name of the order's city manager by orderCityManagerOf's rule, the name orders are summed by. */
export async function orderCityManager(trx: Db, agent: Pick<Agent, 'cityCode'>, named: unknown, at: Date) {
  return (await orderCityManagerOf(trx, agent, named, at))?.name ?? null;
}

/**
 * The city managers an order for the agent may name at `at`, as orderCityManager accepts a name: those
 * covering the agent's city, but for a name two of them share (the order could not tell whose it is).
 * What the form's city manager picker offers.
 */
export async function choosableCityManagers(trx: Db, agent: Agent, at: Date) {
  const covering = await cityManagersCovering(trx, agent.cityCode, at);
  return covering.filter((m) => covering.filter((other) => other.name === m.name).length === 1);
}

/** The supplier a self-built order names (供货单位): a general distributor in active cooperation. */
export async function checkOrderSupplier(trx: Db, name: unknown) {
  if (name === undefined || name === null) return;
  const found = await sql`select 1 from customer where name = ${String(name)}
      and customer_type = ${CustomerType.generalDistributor} and status in (${sql.join(ACTIVE_AGENT)})
    limit 1`.execute(trx);
  if (!found.rows.length) throw refuse('SupplierName', 'ordersEntry.unknownSupplier');
}
