import { sql } from 'kysely';
import type { Db } from '../db/database';

/** The configurable periods of a protection (table opportunity_setting, migration 021). */
export interface ProtectionSettings {
  protectionDays: number;
  extensionDays: number;
  atRiskDays: number;
}

/** DOMAIN.md: 90 days of protection, one extension of 90, at risk after 30 days without progress. */
const DEFAULTS: ProtectionSettings = { protectionDays: 90, extensionDays: 90, atRiskDays: 30 };

export async function protectionSettings(db: Db): Promise<ProtectionSettings> {
  const rows = await sql<{ key: string; value: number }>`select key, value from opportunity_setting`.execute(
    db,
  );
  const settings = { ...DEFAULTS };
  for (const row of rows.rows)
    if (row.key in settings) settings[row.key as keyof ProtectionSettings] = Number(row.value);
  return settings;
}
