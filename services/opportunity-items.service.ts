import { request } from './http.service';

/** A product an opportunity (or a special-price line) may name, as the product search answers it. */
export interface OpportunityProduct {
  pn: string;
  Name: string;
  ProductModel: string;
  ProductLine: string | null;
  StandardPrice: string;
  Configuration: boolean;
}

/** One product of an opportunity as the server keeps it. */
export interface OpportunityItem {
  ObjectID: string;
  pn: string;
  description?: string | null;
  model?: string | null;
  Quantity: number;
  StandardPrice?: string | null;
  ExpectedPrice?: string | null;
  /** A sub-BOM line of a configuration: maintained with its configuration, not on its own. */
  parentRelationship?: string | null;
}

/** The products of a product line (or any) for a keyword: part number, name or model. */
export const searchOpportunityProducts = (keyword: string, productLine?: string) =>
  request<OpportunityProduct[]>(
    '/productLookup/search',
    { keyword, ...(productLine ? { ProductLine: productLine } : {}), pageSize: 20 },
    { silent: true },
  );

/** Whether the caller may change the opportunity's products now: the item commands' own answer. */
export const fetchItemsChangeable = (opportunityId: string) =>
  request<{ Changeable: boolean }>(
    '/opportunityItem/changeable',
    { OpportunityID: opportunityId },
    { silent: true },
  );

/** The products of an opportunity, by its number. */
export const fetchOpportunityItems = (opportunityNo: string) =>
  request<OpportunityItem[]>(
    '/opportunityItem/search',
    { ExtOpportunityNOText_SDK: opportunityNo, pageSize: 100 },
    { silent: true },
  );

export const addOpportunityItem = (body: {
  OpportunityID: string;
  pn: string;
  Quantity: string;
  ExpectedPrice?: string;
  bidderQuantity?: string;
}) => request<OpportunityItem>('/opportunityItem/create', body, { silent: true });

export const changeOpportunityItem = (body: {
  ObjectID: string;
  Quantity?: string;
  ExpectedPrice?: string;
}) => request<OpportunityItem>('/opportunityItem/modify', body, { silent: true });

export const removeOpportunityItem = (id: string) =>
  request<{ deleted: number }>('/opportunityItem/delete', { ids: [id] }, { silent: true });
