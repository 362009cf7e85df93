import { resolve } from 'node:path';
import type { CompanyRegistrySettings } from './lookups/company-registry';
import type { SeedMode } from './seed/seed';

/** Settings from the environment, each with the default a newcomer needs. */
export function readConfig(env = process.env) {
  const seed = env.SEED === 'none' ? 'none' : 'demo';
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    seed: seed as SeedMode,
    clientDir: resolve(env.CLIENT_DIR ?? './dist'),
    logger: env.LOG === '1',
    /** How long a stopping server lets its requests and job runs finish (docs/deployment.md). */
    shutdownGraceSeconds: Math.max(0, Number(env.SHUTDOWN_GRACE_SECONDS ?? 30) || 0),
    /** LibreOffice's program, which makes a signed agreement's PDF: a path, or a name found on PATH. */
    soffice: env.SOFFICE || 'soffice',
    /**
     * The company registry (企查查 open API) the company lookup asks; without QCC_URL the lookup answers
     * from the local sample of invented companies and says so (docs/pickers.md "The registry").
     */
    companyRegistry: env.QCC_URL
      ? ({
          url: env.QCC_URL.replace(/\/+$/, ''),
          key: env.QCC_KEY || undefined,
          secretKey: env.QCC_SECRET_KEY || undefined,
        } satisfies CompanyRegistrySettings)
      : undefined,
  };
}
