import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/database';
import { callerOf } from '../http/auth';
import { ok } from '../http/envelope';
import { langOf } from '../http/i18n';
import { MAX_FILTER_LENGTH, MAX_PAGE, parseBody as parseOwnBody, plainBody } from '../http/validate';
import {
  companyChoice,
  localCompanyQuery,
  registryQuery,
  saveCompanyChoice,
  searchLocalCompanies,
  searchRegistry,
} from '../lookups/company.lookup';
import type { CompanyRegistrySettings } from '../lookups/company-registry';
import { searchCpus } from '../lookups/cpu.lookup';
import { customerQuery, searchCustomers } from '../lookups/customer.lookup';
import { employeeQuery, searchEmployees } from '../lookups/employee.lookup';
import { formAgentQuery } from '../lookups/form-asking';
import { searchIndustries } from '../lookups/industry.lookup';
import { searchOrderCityManagers } from '../lookups/order-city-manager.lookup';
import { searchOrderOpportunities } from '../lookups/order-opportunity.lookup';
import { pickerQuery } from '../lookups/paging';
import {
  type RecordPickerName,
  recordPickerQuery,
  recordPickers,
  searchRecordPicker,
} from '../lookups/record.lookup';
import {
  childrenOf,
  citiesQuery,
  districtsQuery,
  provinceCodesOf,
  regionQuery,
  searchRegions,
} from '../lookups/region.lookup';

/**
 * What every picker body shares, checked before the picker's own schema: the page within the bounds
 * of a list (an offset past them would overflow), a bounded keyword, and no NUL, which PostgreSQL
 * cannot compare.
 */
const pickerBounds = z.looseObject({
  currentPage: z.coerce.number().int().min(1).max(MAX_PAGE).optional(),
  keyword: z.string().max(MAX_FILTER_LENGTH).optional(),
});

function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  parseOwnBody(pickerBounds, plainBody(body));
  return parseOwnBody(schema, body);
}

/** Any logged-in employee may search a picker; the rows stay within the caller's scope (access.ts). */
const lookup = (resource: string) => ({ config: { access: { resource, lookup: true } } });
const langOfRequest = (request: FastifyRequest) => langOf(request.headers['accept-language']);
const paged = ({ rows, total }: { rows: unknown[]; total: number }) => ok(rows, { totalSize: total });

/**
 * The pickers of SPEC §2 and their calls (§7 "Generic table and pickers"): POST /{code}/search with
 * currentPage and pageSize answering the §3 picker fields, the region lists, and the company lookup —
 * local search, the registry (企查查) and the record of the company chosen.
 */
export function lookupRoutes(
  app: FastifyInstance,
  db: Db,
  options: { companyRegistry?: CompanyRegistrySettings } = {},
) {
  app.post('/portal/customerLookup/search', lookup('customer'), async (request) =>
    paged(
      await searchCustomers(
        db,
        callerOf(request),
        langOfRequest(request),
        parseBody(customerQuery, request.body),
      ),
    ),
  );
  app.post('/portal/employee/search', lookup('employee'), async (request) =>
    paged(
      await searchEmployees(
        db,
        callerOf(request),
        langOfRequest(request),
        parseBody(employeeQuery, request.body),
      ),
    ),
  );
  // Not any employee's: the entry form asking must be open to the caller (order-city-manager.lookup.ts).
  app.post(
    '/portal/orderCityManagerLookup/search',
    { config: { access: { resource: 'order' } } },
    async (request) =>
      paged(
        await searchOrderCityManagers(
          db,
          callerOf(request),
          langOfRequest(request),
          parseBody(formAgentQuery, request.body),
        ),
      ),
  );
  // Not every deal the caller sees: the deals of the form's agent (order-opportunity.lookup.ts).
  app.post(
    '/portal/orderOpportunityLookup/search',
    { config: { access: { resource: 'order' } } },
    async (request) =>
      paged(await searchOrderOpportunities(db, callerOf(request), parseBody(formAgentQuery, request.body))),
  );
  app.post('/portal/cpu/search', lookup('cpu'), async (request) =>
    paged(await searchCpus(db, parseBody(pickerQuery, request.body))),
  );
  app.post('/portal/industry/search', lookup('industry'), async (request) =>
    paged(await searchIndustries(db, langOfRequest(request), parseBody(pickerQuery, request.body))),
  );

  for (const name of Object.keys(recordPickers) as RecordPickerName[]) {
    app.post(`/portal/${name}/search`, lookup(recordPickers[name].resource), async (request) =>
      paged(
        await searchRecordPicker(
          db,
          callerOf(request),
          name,
          parseBody(recordPickerQuery(name), request.body),
        ),
      ),
    );
  }

  app.post('/portal/region/search', lookup('region'), async (request) =>
    paged(await searchRegions(db, langOfRequest(request), parseBody(regionQuery, request.body))),
  );
  app.post('/portal/province/searchAll', lookup('region'), async (request) =>
    ok(await childrenOf(db, langOfRequest(request), null)),
  );
  app.post('/portal/city/searchAll', lookup('region'), async (request) =>
    ok(await childrenOf(db, langOfRequest(request), parseBody(citiesQuery, request.body).provinceCode)),
  );
  app.post('/portal/district/searchAll', lookup('region'), async (request) =>
    ok(await childrenOf(db, langOfRequest(request), parseBody(districtsQuery, request.body).cityCode)),
  );
  app.get('/portal/user/province/codes', { config: { access: 'session' } }, async (request) =>
    ok(await provinceCodesOf(db, callerOf(request))),
  );

  app.post('/portal/companyInfo/search', lookup('companyInfo'), async (request) =>
    paged(await searchLocalCompanies(db, callerOf(request), parseBody(localCompanyQuery, request.body))),
  );
  app.post('/portal/qcc/search', lookup('companyInfo'), async (request) =>
    ok(await searchRegistry(db, parseBody(registryQuery, request.body), options.companyRegistry)),
  );
  app.post('/portal/companyInfo/saveCompanyInfo', lookup('companyInfo'), async (request) =>
    ok(
      await saveCompanyChoice(
        db,
        callerOf(request),
        parseBody(companyChoice, request.body),
        options.companyRegistry,
      ),
      {
        message: 'server.saved',
      },
    ),
  );
}
