import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db/database';
import { callerOf } from '../http/auth';
import { ok, PortalError } from '../http/envelope';
import { parseBody, plainBody } from '../http/validate';
import { resourceDef } from '../resources/registry';
import { searchRecords } from '../resources/search';
import { createRecord, getRecord, updateRecord } from '../resources/write';
import { opportunityDef, REGISTRATION_FORM } from './opportunity-create.service';
import { opportunityItemRoutes } from './opportunity-items.routes';
import { changeOwner, ownerChangeCommand } from './opportunity-owner.service';
import { opportunityParticipantRoutes } from './opportunity-participants.routes';

const defOf = (name: string) => {
  const def = resourceDef(name);
  if (!def) throw new Error(`No ${name} resource in the catalogue`);
  return def;
};
const access = (resource: string, action?: 'create' | 'update') => ({
  config: { access: action ? { resource, action } : { resource } },
});

/** A record by its id, or an opportunity by its number (the SPEC's eOppObjectIDRoot lookup). */
const byIdOrNumber = z.union([
  z.object({ ObjectID: z.string().uuid() }),
  z.object({ ExtOpportunityNOText_SDK: z.string().trim().min(1).max(40) }),
]);

/**
 * The opportunity calls of SPEC §7 beyond the generic five: owner change, the arbitration inbox
 * (searchApproval), the V2 names of the same records (getOne, create, modify, with relationships),
 * the root-object lookup, and the paged and modify names of opportunity customers and sales areas.
 * Each reads and writes through the resource engine, so scope, field checks, versions and the
 * opportunity's own rules (opportunity.rules.ts) are those of the generic calls.
 */
export function opportunityRoutes(app: FastifyInstance, db: Db) {
  opportunityItemRoutes(app, db);
  opportunityParticipantRoutes(app, db);
  app.post('/portal/opportunity/changeOwner', access('opportunity', 'update'), async (request) =>
    ok(await changeOwner(db, callerOf(request), parseBody(ownerChangeCommand, request.body)), {
      message: 'server.opportunity.ownerChanged',
    }),
  );

  // What awaits the caller's arbitration: the to-do lens of the opportunity list.
  app.post('/portal/opportunity/searchApproval', access('opportunity'), async (request) => {
    const body = { ...plainBody(request.body), AwaitingMe: 1 };
    const { rows, total } = await searchRecords(db, opportunityDef(), callerOf(request), body);
    return ok(rows, { totalSize: total });
  });

  app.post('/portal/eOppObjectIDRoot/getOne', access('opportunity'), async (request) => {
    const query = parseBody(byIdOrNumber, request.body);
    const caller = callerOf(request);
    let id = 'ObjectID' in query ? query.ObjectID : undefined;
    if (!id) {
      const number = (query as { ExtOpportunityNOText_SDK: string }).ExtOpportunityNOText_SDK;
      const found = await sql<{ id: string }>`select object_id::text as id from record
        where resource = 'opportunity' and data->>'ExtOpportunityNOText_SDK' = ${number}`.execute(db);
      id = found.rows[0]?.id;
      if (!id) throw new PortalError(404, 'server.recordNotFound');
    }
    return ok([await getRecord(db, opportunityDef(), caller, id)]);
  });

  // opportunityV2 names the same records as opportunity (the opportunity management pages).
  app.post('/portal/opportunityV2/getOne', access('opportunity'), async (request) =>
    ok([await getRecord(db, opportunityDef(), callerOf(request), plainBody(request.body).ObjectID)]),
  );
  app.post('/portal/opportunityV2/create', access('opportunity', 'create'), async (request) =>
    ok(
      await createRecord(db, opportunityDef(), callerOf(request), {
        ...plainBody(request.body),
        PageID: REGISTRATION_FORM,
      }),
      { message: 'server.saved' },
    ),
  );
  app.post('/portal/opportunityV2/modify', access('opportunity', 'update'), async (request) =>
    ok(await updateRecord(db, opportunityDef(), callerOf(request), plainBody(request.body)), {
      message: 'server.updated',
    }),
  );
  app.post('/portal/opportunityV2/opportunityWithRelationship', access('opportunity'), async (request) => {
    const caller = callerOf(request);
    const opportunity = await getRecord(db, opportunityDef(), caller, plainBody(request.body).ObjectID);
    const number = String(opportunity.ExtOpportunityNOText_SDK ?? '');
    const related = (resource: string) =>
      searchRecords(db, defOf(resource), caller, { ExtOpportunityNOText_SDK: number, pageSize: 100 });
    const [items, progress] = await Promise.all([related('opportunityItem'), related('oppMainProgress')]);
    return ok({ ...opportunity, Items: items.rows, Progress: progress.rows });
  });

  for (const resource of ['opportunityCustomer', 'h3cSalesArea']) {
    app.post(`/portal/${resource}/searchPage`, access(resource), async (request) => {
      const { rows, total } = await searchRecords(
        db,
        defOf(resource),
        callerOf(request),
        plainBody(request.body),
      );
      return ok(rows, { totalSize: total });
    });
    app.post(`/portal/${resource}/modify`, access(resource, 'update'), async (request) =>
      ok(await updateRecord(db, defOf(resource), callerOf(request), plainBody(request.body)), {
        message: 'server.updated',
      }),
    );
  }

  // The end customers a picker offers: name, credit code and place, by keyword.
  app.post('/portal/opportunityCustomer/getCustomers', access('opportunityCustomer'), async (request) => {
    const body = plainBody(request.body);
    const query = Object.fromEntries(
      Object.entries({
        customerName: body.keyword ?? body.customerName,
        currentPage: body.currentPage,
        pageSize: body.pageSize,
      }).filter(([, value]) => value !== undefined && value !== null && value !== ''),
    );
    const { rows, total } = await searchRecords(db, defOf('opportunityCustomer'), callerOf(request), query);
    const customers = rows.map((r) => ({
      ObjectID: r.ObjectID,
      customerName: r.customerName,
      CreditCode: r.CreditCode,
      province: r.province,
      CityName: r.CityName,
      industry: r.industry,
    }));
    return ok(customers, { totalSize: total });
  });
}
