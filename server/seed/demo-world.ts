import { CustomerStatus, CustomerType } from '../../domain/codes/customers.codes';
import type { OrderChannel } from '../../domain/codes/orders.codes';
import type { ProductCategory } from '../../domain/codes/products.codes';
import type { Province, Region } from '../reference/regions.data';
import type { Numbers } from './bulk';
import type { Random } from './random';

/** What the demo seed has built so far; later parts (orders, records) draw on earlier ones. */
export interface DemoWorld {
  rng: Random;
  numbers: Numbers;
  staff: DemoStaff[];
  customers: DemoCustomer[];
  products: DemoProduct[];
  orders: DemoOrder[];
  /** The agents the demo accounts `rsp`, `ccp` and `gd` work for. */
  demoRsp: DemoCustomer;
  demoCcp: DemoCustomer;
  demoGd: DemoCustomer;
  /** Pools of business numbers per prefix (BB, TJ, ZX …), shared so records refer to each other. */
  pools: Map<string, { no: string; day: string }[]>;
}

export interface DemoStaff {
  username: string;
  name: string;
  roleCode: string;
  provinceCode: string | null;
  cityCode: string | null;
}

export interface DemoCustomer {
  id: string;
  /** The day it became a customer (its record's creation). */
  day: string;
  name: string;
  accountId: string;
  creditCode: string;
  type: CustomerType;
  status: CustomerStatus;
  province: Province;
  city: Region;
  parentId: string | null;
  /** The general distributor supplying it (TotalAgent keyword). */
  totalAgent: string;
}

export interface DemoProduct {
  code: string;
  name: string;
  model: string;
  category: ProductCategory;
  line: string;
  priceFen: number;
}

export interface DemoOrder {
  id: string;
  no: string;
  day: string;
  agent: DemoCustomer;
  endUser: string;
  channel: OrderChannel;
  amountFen: number;
  product: DemoProduct;
}

/** What a record is about: the generic field filler draws related values from it. */
export interface FillContext {
  resource: string;
  index: number;
  /** The record's day (its creation); other dates fall around it. */
  day: string;
  province: Province;
  city: Region;
  agent: DemoCustomer;
  order?: DemoOrder;
  product: DemoProduct;
  /** The organisation the record is about (end customer, applicant …). */
  company: string;
  /** The record's own business number, e.g. ExecutionOrderNo of an execution order. */
  own?: { field: string; no: string };
}

/** What a record about an agent is about, placed where the agent is. */
export const agentContext = (
  resource: string,
  index: number,
  day: string,
  agent: DemoCustomer,
  about: Pick<FillContext, 'product' | 'company' | 'order'>,
): FillContext => ({ resource, index, day, province: agent.province, city: agent.city, agent, ...about });

/** The world's active RSPs, in the order they were built. */
export const activeRsps = (world: DemoWorld) =>
  world.customers.filter((c) => c.type === CustomerType.rsp && c.status === CustomerStatus.active);
