import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/database';
import { callerOf } from '../http/auth';
import { ok } from '../http/envelope';
import { parseBody } from '../http/validate';
import { MAX_PAGE_SIZE } from '../resources/search';
import {
  bomList,
  priceInfo,
  productClasses,
  searchComponents,
  searchConfigurations,
  skuInfo,
} from './cpq.catalogue';

const code = z.string().trim().min(1).max(60);
const selection = {
  platform: code.optional(),
  brand: code.optional(),
  type: code.optional(),
  model: code.optional(),
};
const classQuery = z.object({
  parentCode: code.optional(),
  level: z.enum(['platform', 'brand', 'type', 'model']).optional(),
});
const bomQuery = z.object({ ...selection, model: code });
const priceQuery = z.object({
  items: z
    .array(z.object({ pn: code, quantity: z.coerce.number().int().min(1).max(100_000).default(1) }))
    .min(1)
    .max(100),
});
const skuQuery = z.object({ pns: z.array(code).min(1).max(200) });
const componentQuery = z.object({
  ...selection,
  searchType: z.enum(['1', '2']),
  keyword: z.string().trim().max(100).optional(),
  currentPage: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(50),
});

/** The configurator's session lasts half an hour; the portal signs it with a secret of this process. */
const TOKEN_SECONDS = 1800;
const secret = randomBytes(32);

/** A body naming one configuration (`pn`, `quantity`) or several (`items`) reads as a list of items. */
const itemsOf = (body: unknown) => {
  const b = (body ?? {}) as Record<string, unknown>;
  return Array.isArray(b.items) || b.pn === undefined ? b : { items: [{ pn: b.pn, quantity: b.quantity }] };
};
const pnsOf = (body: unknown) => {
  const b = (body ?? {}) as Record<string, unknown>;
  return b.pns === undefined && b.pn !== undefined ? { pns: [b.pn] } : b;
};

/**
 * The configured-product calls of SPEC §7, served by the portal over its own catalogue. Any logged-in
 * employee configures (the catalogue holds list and standard prices only; no cost is stored).
 */
export function cpqRoutes(app: FastifyInstance, db: Db) {
  const lookup = { config: { access: { resource: 'opportunityItem', lookup: true } } };
  app.get('/portal/opportunity/cpq/productclass', lookup, async (request) =>
    ok(await productClasses(db, parseBody(classQuery, request.query))),
  );
  app.get('/portal/opportunity/cpq/bomlist', lookup, async (request) =>
    ok(await bomList(db, parseBody(bomQuery, request.query))),
  );
  app.post('/portal/opportunity/cpq/priceinfo', lookup, async (request) =>
    ok(await priceInfo(db, parseBody(priceQuery, itemsOf(request.body)).items)),
  );
  app.post('/portal/opportunity/cpq/skuinfo', lookup, async (request) =>
    ok(await skuInfo(db, parseBody(skuQuery, pnsOf(request.body)).pns)),
  );
  app.get('/portal/opportunity/cpq/token', lookup, async (request) => {
    const expires = Math.floor(Date.now() / 1000) + TOKEN_SECONDS;
    const claim = `${callerOf(request).employeeId}.${expires}`;
    const signature = createHmac('sha256', secret).update(claim).digest('base64url');
    return ok({
      token: `${Buffer.from(claim).toString('base64url')}.${signature}`,
      expiresIn: TOKEN_SECONDS,
    });
  });
  app.post('/portal/opportunityConfiguration/searchAll', lookup, async (request) =>
    ok(await searchConfigurations(db, parseBody(z.object(selection), request.body))),
  );
  app.post('/portal/oppProductComponent/searchPage', lookup, async (request) => {
    const { records, total } = await searchComponents(db, parseBody(componentQuery, request.body));
    return { ...ok({ records, total }, { totalSize: total }), records };
  });
}
