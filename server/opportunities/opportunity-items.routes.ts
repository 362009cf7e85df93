import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PICKER_PAGE_SIZE } from '../../domain/constants';
import type { Db } from '../db/database';
import { callerOf } from '../http/auth';
import { ok } from '../http/envelope';
import { parseBody } from '../http/validate';
import { MAX_PAGE_SIZE } from '../resources/search';
import {
  addItem,
  itemsChangeable,
  modifyItem,
  opportunityByNumber,
  removeItems,
} from './opportunity-items.service';
import { searchOpportunityProducts } from './opportunity-products';

const productQuery = z.object({
  keyword: z.string().trim().max(100).optional(),
  ProductLine: z.string().trim().max(10).optional(),
  /** An opportunity (by number) whose product line the search keeps to, read through the caller's scope. */
  ExtOpportunityNOText_SDK: z.string().trim().max(40).optional(),
  currentPage: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PICKER_PAGE_SIZE),
});

/**
 * An opportunity's products (docs/opportunities.md "Products of an opportunity"): added, changed and
 * removed by the opportunity's owner while it is open, each command checking that against the
 * opportunity itself; and the product search of the pickers, open to every logged-in employee.
 */
export function opportunityItemRoutes(app: FastifyInstance, db: Db) {
  // Who may change the products is the opportunity's owner: the service checks it on the record.
  const owner = { config: { access: { resource: 'opportunity' } } };
  app.post('/portal/opportunityItem/create', owner, async (request) =>
    ok(await addItem(db, callerOf(request), request.body), { message: 'server.saved' }),
  );
  app.post('/portal/opportunityItem/modify', owner, async (request) =>
    ok(await modifyItem(db, callerOf(request), request.body), { message: 'server.updated' }),
  );
  app.post('/portal/opportunityItem/delete', owner, async (request) =>
    ok({ deleted: await removeItems(db, callerOf(request), request.body) }, { message: 'server.deleted' }),
  );
  // What the panel offers: the commands' own answer for this caller and deal, asked before any change.
  app.post('/portal/opportunityItem/changeable', owner, async (request) =>
    ok(await itemsChangeable(db, callerOf(request), request.body)),
  );
  const lookup = { config: { access: { resource: 'opportunityItem', lookup: true } } };
  app.post('/portal/productLookup/search', lookup, async (request) => {
    const query = parseBody(productQuery, request.body ?? {});
    const opportunity = query.ExtOpportunityNOText_SDK
      ? await opportunityByNumber(db, callerOf(request), query.ExtOpportunityNOText_SDK)
      : undefined;
    const { rows, total } = await searchOpportunityProducts(db, {
      ...query,
      ProductLine:
        query.ProductLine || (opportunity?.ProductLine ? String(opportunity.ProductLine) : undefined),
    });
    return ok(rows, { totalSize: total });
  });
}
