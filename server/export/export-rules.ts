import type { ExportConfig } from './export-configs';

/**
 * Parameter names of the legacy export screens (SPEC §6 forced parameters) and the catalogue filter each
 * one means here. `null`: the parameter is accepted but narrows nothing.
 */
const LEGACY_PARAMS: Record<string, string | null> = {
  extItemOrderChannel_SDK: 'OrderChannel',
  taskTypeSearch: 'TaskType',
  // '0' asked the legacy service for tasks of any volume; the portal keeps no task-volume field.
  taskVolume: null,
};

/** Keys of an export request that are not filters: paging belongs to the screen, the page to the config. */
const NOT_FILTERS = new Set(['configCode', 'currentPage', 'pageSize', 'PageID', 'query']);

/**
 * The search body an export reads with: the screen's filters, then the config's forced parameters
 * (which win), and the config's page, whose fixed filters the engine adds as it does for the list
 * (InvoicingApproval's "initial parameters"). SPEC §6's role variations of an export screen add a
 * filter the person may fill, never a hidden one: the file holds the rows of the caller's screen.
 */
export function exportBody(config: ExportConfig, params: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const put = (key: string, value: unknown) => {
    const name = key in LEGACY_PARAMS ? LEGACY_PARAMS[key] : key;
    if (name !== null) body[name] = value;
  };
  for (const [key, value] of Object.entries(params)) if (!NOT_FILTERS.has(key)) put(key, value);
  for (const [key, value] of Object.entries(config.forced ?? {})) put(key, value);
  body.PageID = config.page.id;
  return body;
}
