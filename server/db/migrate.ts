import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as identity from './migrations/001-identity.migration';
import * as dictionary from './migrations/002-dictionary.migration';
import * as records from './migrations/003-records.migration';
import * as exportJobs from './migrations/004-export-jobs.migration';
import * as files from './migrations/005-files.migration';
import * as companyLookup from './migrations/006-company-lookup.migration';
import * as workflows from './migrations/007-workflows.migration';
import * as listIndexes from './migrations/008-list-indexes.migration';
import * as employeeChangesAddresses from './migrations/009-employee-changes-addresses.migration';
import * as numberPrefix from './migrations/010-number-prefix.migration';
import * as customerProcessTypes from './migrations/011-customer-process-types.migration';
import * as passwordChangedAt from './migrations/012-password-changed-at.migration';
import * as workflowPlatform from './migrations/013-workflow-platform.migration';
import * as scheduledJobs from './migrations/014-scheduled-jobs.migration';
import * as temporaryPasswords from './migrations/015-temporary-passwords.migration';

/** Every migration, in order. A new one is appended here and never edited once released. */
const migrations: Record<string, Migration> = {
  '001-identity': identity,
  '002-dictionary': dictionary,
  '003-records': records,
  '004-export-jobs': exportJobs,
  '005-files': files,
  '006-company-lookup': companyLookup,
  '007-workflows': workflows,
  '008-list-indexes': listIndexes,
  '009-employee-changes-addresses': employeeChangesAddresses,
  '010-number-prefix': numberPrefix,
  '011-customer-process-types': customerProcessTypes,
  '012-password-changed-at': passwordChangedAt,
  '013-workflow-platform': workflowPlatform,
  '014-scheduled-jobs': scheduledJobs,
  '015-temporary-passwords': temporaryPasswords,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema.
export async function migrateToLatest(db: Kysely<any>, schema?: string) {
  // With several schemas on one server the migrator must be told where its own tables live, or it
  // mistakes another schema's bookkeeping for this one's.
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
