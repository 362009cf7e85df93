import { pages } from '../../catalogue/catalogue';
import type { ColumnDef, ExportDef, PageEntry } from '../../catalogue/types';
import { PortalError } from '../http/envelope';
import { type ResourceDef, resourceDef } from '../resources/registry';

/** One export the portal offers: a list page with an `export` entry, read through its resource. */
export interface ExportConfig extends ExportDef {
  page: PageEntry;
  def: ResourceDef;
  /** The page's columns become the sheet's columns, in the same order. */
  columns: ColumnDef[];
}

function build(): Map<string, ExportConfig> {
  const configs = new Map<string, ExportConfig>();
  for (const page of pages) {
    if (!page.export || !page.resource || configs.has(page.export.configCode)) continue;
    const def = resourceDef(page.resource);
    if (!def) continue;
    configs.set(page.export.configCode, { ...page.export, page, def, columns: page.columns ?? [] });
  }
  return configs;
}

const configs = build();

/** The export of a config code, or a 400 naming the unknown code. */
export function exportConfig(configCode: unknown): ExportConfig {
  const config = typeof configCode === 'string' ? configs.get(configCode) : undefined;
  if (!config) throw new PortalError(400, 'server.unknownExport', { code: String(configCode ?? '') });
  return config;
}

export const exportConfigCodes = () => [...configs.keys()];
