import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Db } from './db/database';
import { checkAccess } from './http/access';
import { authenticate } from './http/auth';
import { type Envelope, PortalError } from './http/envelope';
import { handleError, handleNotFound } from './http/errors';
import { langOf, translate } from './http/i18n';
import { addressRoutes } from './routes/address.routes';
import { commonSessionRoutes } from './routes/common-session.routes';
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
}

// The envelope's 1 MB is plenty for every JSON call; uploads go through multipart with their own limit.
const BODY_LIMIT = 1024 * 1024;

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
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger, bodyLimit: BODY_LIMIT, trustProxy: true });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
      },
    },
  });

  // Limits apply only to routes that ask for one (the public registration endpoints).
  await app.register(rateLimit, { global: false });

  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith('/portal/') || request.is404 || request.routeOptions.config.public) return;
    request.caller = await authenticate(db, request);
    if (request.caller.mustChangePassword && !FIRST_LOGIN_ROUTES.has(request.routeOptions.url ?? ''))
      throw new PortalError(403, 'server.passwordChangeFirst');
    await checkAccess(db, request);
  });

  // Message keys become sentences in the caller's language on the way out.
  app.addHook('preSerialization', async (request, _reply, payload: Envelope) => {
    if (
      payload &&
      typeof payload === 'object' &&
      typeof payload.message === 'string' &&
      payload.message.startsWith('server.')
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
  dashboardRoutes(app, db);
  registrationRoutes(app, db);
  customerWorkflowRoutes(app, db);
  workflowRoutes(app, db);
  exportRoutes(app, db, { filesDir });
  fileRoutes(app, db, { filesDir });
  lookupRoutes(app, db);
  employeeRoutes(app, db);
  addressRoutes(app, db);
  processHistoryRoutes(app, db);
  cronJobRoutes(app, db, { wakeRunner: jobRunner ? () => jobRunner.wake() : undefined });
  publicRegistrationRoutes(app, db, { filesDir });

  if (clientDir) await serveClient(app, clientDir);
  return app;
}
