import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db/database';
import { callerOf } from '../http/auth';
import { ok } from '../http/envelope';
import { langOf } from '../http/i18n';
import { parseBody, plainBody } from '../http/validate';
import { yuanOf } from '../orders/pricing';
import { recordReadRoutes } from '../routes/record-reads.routes';
import { decidedMessage } from '../workflows/decided-words';
import { decide } from '../workflows/decisions';
import { configurationPrices } from './configuration-lines';
import { createExecutionOrder } from './execution-order.service';
import { saveSpecialPrice, submitSaved, WORKFLOW } from './special-price.service';
import { productPrices, specialPriceSettings } from './special-price-lines';
import { specialPricePage } from './special-price-page';

const version = z.number().int().min(1).max(1_000_000).optional();
const decision = z.object({
  ObjectID: z.guid(),
  Command: z.enum(['agree', 'reject', 'return', 'forward', 'withdraw', 'win', 'lose']),
  Reason: z.string().max(500).optional(),
  Comment: z.string().max(500).optional(),
  To: z.string().max(60).optional(),
  ToName: z.string().max(60).optional(),
  WorkflowVersion: version,
});
const priceQuery = z.object({
  ProductCodes: z.array(z.string().trim().min(1).max(60)).min(1).max(100).optional(),
  pn: z.string().trim().min(1).max(60).optional(),
  keyword: z.string().trim().max(60).optional(),
  pageSize: z.coerce.number().int().min(1).max(50).optional(),
});

/**
 * Special prices on the wire (SPEC §7 names): the standard price of products, the request (create
 * saves a draft, applyApproval submits), its page (getOne), the list (search), the decisions
 * (processApproval, over the workflow layer) and the execution order drawn from a won price. Each
 * reads the special price through the caller's scope; the rules are the services' and the workflow's.
 */
export function specialPriceRoutes(app: FastifyInstance, db: Db) {
  const read = { config: { access: { resource: 'specialApproval' } } } as const;

  // The standard channel price the request is priced against; never the cost.
  app.post('/portal/product/getStandardPrice', read, async (request) => {
    const query = parseBody(priceQuery, request.body ?? {});
    const codes = query.ProductCodes ?? (query.pn ? [query.pn] : undefined);
    if (codes) {
      const costBp = (await specialPriceSettings(db)).defaultCostBp;
      const prices = await productPrices(db, codes, costBp);
      // A configuration (CPQ) is priced at the configuration level, from its price info.
      const configurations = await configurationPrices(
        db,
        codes.filter((c) => !prices.has(c)),
        costBp,
      );
      return ok(
        codes.flatMap((c) => {
          const product = prices.get(c);
          if (product) return [{ pn: c, Name: product.name, StandardPrice: yuanOf(product.standardFen) }];
          const configuration = configurations.get(c);
          if (!configuration) return [];
          return [
            {
              pn: c,
              Name: configuration.name,
              StandardPrice: yuanOf(configuration.standardFen),
              Configuration: true,
              ListPrice: configuration.configuration.listPrice,
              Children: configuration.configuration.lines,
            },
          ];
        }),
      );
    }
    const like = `%${(query.keyword ?? '').replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    const rows = await sql<{ pn: string; Name: string; StandardPrice: string }>`select product_code as "pn",
        name as "Name", standard_price::text as "StandardPrice" from product
      where standard_price > 0 and coalesce(data->>'Enabled', 'true') <> 'false'
        and (product_code ilike ${like} or name ilike ${like})
      order by product_code limit ${query.pageSize ?? 20}`.execute(db);
    return ok(rows.rows);
  });

  recordReadRoutes(app, db, 'specialApproval', {
    page: (caller, id) => specialPricePage(db, caller, id),
    estimatedTotal: false,
  });
  app.post('/portal/specialApproval/create', read, async (request) =>
    ok(await saveSpecialPrice(db, callerOf(request), plainBody(request.body), { submit: false }), {
      message: 'server.saved',
    }),
  );
  app.post('/portal/specialApproval/applyApproval', read, async (request) => {
    const body = plainBody(request.body);
    const caller = callerOf(request);
    // A saved request submitted as it stands, or a new (or changed) one saved and submitted at once.
    const result =
      body.ObjectID && !body.Lines
        ? await submitSaved(db, caller, body)
        : await saveSpecialPrice(db, caller, body, { submit: true });
    return ok(result, { message: 'specialPrices.submitted' });
  });
  app.post('/portal/specialApproval/processApproval', read, async (request) => {
    const body = parseBody(decision, request.body);
    const payload: Record<string, unknown> =
      body.Command === 'forward'
        ? { to: body.To, toName: body.ToName }
        : body.Command === 'agree'
          ? { comment: body.Comment }
          : ['reject', 'return', 'lose'].includes(body.Command)
            ? { reason: body.Reason ?? '' }
            : body.Command === 'withdraw'
              ? { reason: body.Reason }
              : {};
    const result = await decide(db, callerOf(request), {
      workflow: WORKFLOW,
      subjectId: body.ObjectID,
      command: body.Command,
      payload,
      version: body.WorkflowVersion,
    });
    return ok(result, {
      message: decidedMessage(langOf(request.headers['accept-language']), result, body.Command),
    });
  });
  app.post('/portal/specialApproval/createExecutionOrder', read, async (request) =>
    ok(await createExecutionOrder(db, callerOf(request), plainBody(request.body)), {
      message: 'specialPrices.executionCreated',
    }),
  );
}
