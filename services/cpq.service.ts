import { request } from './http.service';

/** A class of the configured-product catalogue: platform → brand → type → model (SPEC §7 CPQ). */
export interface CpqClass {
  code: string;
  name: string;
  level: string;
  parentCode: string | null;
  hasChildren: boolean;
}

/** A configuration (super BOM) of a model, priced as a whole. */
export interface CpqConfiguration {
  pn: string;
  configName: string;
  platform: string;
  brand: string;
  type: string;
  model: string;
  cpu: string | null;
  listPrice: string;
  standardPrice: string;
}

/** A configuration priced at the configuration level, its sub-BOM lines inheriting its ratio. */
export interface CpqPrice {
  pn: string;
  description: string;
  listPrice: string;
  standardPrice: string;
  children: { pn: string; description: string; quantity: number; listPrice: string; standardPrice: string }[];
}

const quiet = { silent: true } as const;

/** GET /opportunity/cpq/productclass: the classes under a code (the platforms without one). */
export const fetchCpqClasses = (parentCode?: string) =>
  request<CpqClass[]>('/opportunity/cpq/productclass', undefined, {
    ...quiet,
    method: 'get',
    ...(parentCode ? { params: { parentCode } } : {}),
  });

/** POST /opportunityConfiguration/searchAll: the configurations of a selection. */
export const fetchCpqConfigurations = (selection: Record<string, string>) =>
  request<CpqConfiguration[]>('/opportunityConfiguration/searchAll', selection, quiet);

/** POST /opportunity/cpq/priceinfo: one configuration's price and its sub-BOM lines. */
export const fetchCpqPrice = (pn: string) =>
  request<CpqPrice[]>('/opportunity/cpq/priceinfo', { pn, quantity: 1 }, quiet).then((rows) => rows[0]);
