import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { trustedProxies } from './auth/transport';
import { booksRoutes } from './books/books.routes';
import { cacheConfigRoutes } from './cache/cache-config.routes';
import { anonymousServer, clusterRoutes, type RunningServer } from './cluster/cluster.routes';
import { readConfig } from './config';
import { cpqRoutes } from './cpq/cpq.routes';
import type { Db } from './db/database';
import { shipmentRoutes } from './deliveries/shipment.routes';
import { checkAccess } from './http/access';
import { authenticate } from './http/auth';
import { type Envelope, PortalError } from './http/envelope';
import { handleError, handleNotFound } from './http/errors';
import { langOf, translate } from './http/i18n';
import { recordRouteAccess } from './http/route-access';
import { securityHeaders } from './http/security-headers';
import { importRoutes } from './imports/import.routes';
import { invoiceRoutes } from './invoices/invoice.routes';
import { letterRoutes } from './letters/letter.routes';
import { loanRoutes } from './loans/loan.routes';
import type { CompanyRegistrySettings } from './lookups/company-registry';
import { noticeRoutes } from './notices/notices';
import { opportunityRoutes } from './opportunities/opportunity.routes';
import { opportunitySummaryRoutes } from './opportunities/opportunity-summary';
import { orderApprovalRoutes } from './orders/order-approval.routes';
import { orderChangeRoutes } from './orders/order-change.routes';
import { orderEntryRoutes } from './orders/order-entry.routes';
import { partnerRoutes } from './partner/partner.routes';
import { paymentRoutes } from './payments/payment.routes';
import { rebateRoutes } from './rebates/rebate.routes';
import { rebateTaskRoutes } from './rebates/rebate-task.routes';
import { addressRoutes } from './routes/address.routes';
import { commonSessionRoutes } from './routes/common-session.routes';
import { creditLimitRoutes } from './routes/credit-limit.routes';
import { cronJobRoutes } from './routes/cron-job.routes';
import { customerWorkflowRoutes } from './routes/customer-workflow.routes';
import { dashboardRoutes } from './routes/dashboard.routes';
import { employeeRoutes } from './routes/employee.routes';
import { exportRoutes } from './routes/export.routes';
import { fileRoutes } from './routes/file.routes';
import { lookupRoutes } from './routes/lookup.routes';
import { processHistoryRoutes } from './routes/process-history.routes';
import { publicRegistrationRoutes } from './routes/public-registration.routes';
import { registrationRoutes } from './routes/registration.routes';
import { resourceRoutes } from './routes/resource.routes';
import { roleToMenuRoutes } from './routes/role-to-menu.routes';
import { userRoutes } from './routes/user.routes';
import { workflowRoutes } from './routes/workflow.routes';
import { salesTaskRoutes } from './sales-tasks/sales-task.routes';
import { specialPriceRoutes } from './special-prices/special-price.routes';
import { serveClient } from './static';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a login token (login, public registration). */
    public?: boolean;
  }
}

export interface AppOptions {
  db: Db;
  /** Folder of the built client; omitted in API tests. */
  clientDir?: string;
  logger?: boolean;
  /** Folder of generated and uploaded files; defaults to `<DATA_DIR>/files`. */
  filesDir?: string;
  /** This server's job runner, woken by "run now"; API tests run without one unless they start it. */
  jobRunner?: { wake(): void };
  /** The proxies whose X-Forwarded-* headers count (TRUST_PROXY, see auth/transport.ts); none by default. */
  trustProxy?: string;
  /** The portal's public address (PUBLIC_URL); an https one turns on the HTTPS-only headers. */
  publicUrl?: string;
  /** This server among the database's servers (server/main.ts); API tests answer as an anonymous one. */
  server?: RunningServer;
  /** 企查查 (QCC_URL in server/config.ts); without it the company lookup answers from the local sample. */
  companyRegistry?: CompanyRegistrySettings;
}

// The envelope's 1 MB is plenty for every JSON call; uploads go through multipart with their own limit.
const BODY_LIMIT = 1024 * 1024;
/** A success message given as a locale key (`server.saved`, `specialPrices.submitted`), not yet in words. */
const MESSAGE_KEY = /^[a-z][A-Za-z]*(\.[A-Za-z0-9]+)+$/;

/** All a session may call until its initial password is changed (ARCHITECTURE.md §10). */
const FIRST_LOGIN_ROUTES = new Set([
  '/portal/user/getInfo',
  '/portal/user/updatePassword',
  '/portal/user/logout',
]);

export async function buildApp({
  db,
  clientDir,
  logger = false,
  filesDir,
  jobRunner,
  trustProxy = process.env.TRUST_PROXY,
  publicUrl = process.env.PUBLIC_URL,
  server,
  companyRegistry = readConfig().companyRegistry,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger, bodyLimit: BODY_LIMIT, trustProxy: trustedProxies(trustProxy) });
  recordRouteAccess(app);

  securityHeaders(app, publicUrl);

  // Limits apply only to routes that ask for one (the public registration endpoints).
  await app.register(rateLimit, { global: false });

  // Declared before any request has one, so every request object keeps one shape (Fastify's advice).
  app.decorateRequest('caller', undefined);
  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith('/portal/') || request.is404) return;
    // Fastify builds routeOptions anew at every read: it is read once.
    const route = request.routeOptions;
    if (route.config.public) return;
    request.caller = await authenticate(db, request);
    if (request.caller.mustChangePassword && !FIRST_LOGIN_ROUTES.has(route.url ?? ''))
      throw new PortalError(403, 'server.passwordChangeFirst');
    await checkAccess(db, request);
  });

  // Message keys (`server.saved`, `specialPrices.submitted`) become sentences in the caller's language on
  // the way out: no key reaches a person.
  app.addHook('preSerialization', async (request, _reply, payload: Envelope) => {
    if (
      payload &&
      typeof payload === 'object' &&
      typeof payload.message === 'string' &&
      MESSAGE_KEY.test(payload.message)
    ) {
      return { ...payload, message: translate(langOf(request.headers['accept-language']), payload.message) };
    }
    return payload;
  });

  app.setErrorHandler(handleError);
  app.setNotFoundHandler(handleNotFound(clientDir));

  userRoutes(app, db);
  roleToMenuRoutes(app, db);
  commonSessionRoutes(app, db);
  resourceRoutes(app, db);
  paymentRoutes(app, db);
  invoiceRoutes(app, db);
  loanRoutes(app, db);
  shipmentRoutes(app, db);
  orderEntryRoutes(app, db);
  orderApprovalRoutes(app, db);
  orderChangeRoutes(app, db);
  partnerRoutes(app, db);
  dashboardRoutes(app, db);
  registrationRoutes(app, db);
  customerWorkflowRoutes(app, db);
  creditLimitRoutes(app, db);
  workflowRoutes(app, db);
  exportRoutes(app, db, { filesDir });
  importRoutes(app, db, { filesDir });
  fileRoutes(app, db, { filesDir });
  lookupRoutes(app, db, { companyRegistry });
  employeeRoutes(app, db);
  addressRoutes(app, db);
  processHistoryRoutes(app, db);
  opportunityRoutes(app, db);
  opportunitySummaryRoutes(app, db);
  noticeRoutes(app, db);
  letterRoutes(app, db);
  cpqRoutes(app, db);
  specialPriceRoutes(app, db);
  rebateRoutes(app, db);
  rebateTaskRoutes(app, db);
  salesTaskRoutes(app, db);
  cacheConfigRoutes(app, db);
  booksRoutes(app, db);
  cronJobRoutes(app, db, { wakeRunner: jobRunner ? () => jobRunner.wake() : undefined });
  publicRegistrationRoutes(app, db, { filesDir, companyRegistry });
  clusterRoutes(app, db, server ?? anonymousServer(filesDir));

  if (clientDir) await serveClient(app, clientDir);
  return app;
}
