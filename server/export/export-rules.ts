import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
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

/** An agent's own company, as the rows of its reports name it. */
export interface Agent {
  name: string;
}

/**
 * SPEC §6 "Export screens vary by role and report": filters an export adds for some roles, whatever
 * the screen sent. The rows of these reports name the agent by its company name (AgentName).
 */
export interface RoleRule {
  configCode: string;
  appliesTo: (roleCode: string) => boolean;
  description: string;
  adds: (agent: Agent) => Record<string, string>;
}

export const ROLE_RULES: RoleRule[] = [
  {
    configCode: 'UnisOrderItemReport',
    appliesTo: (role) => role.startsWith('JS002') || role.startsWith('JS003'),
    description:
      'Own-line order item report: an RSP or CCP agent (role code JS002… or JS003…) gets the customer-name filter of its own company.',
    adds: (agent) => ({ AgentName: agent.name }),
  },
  {
    configCode: 'DistributorSalesReport',
    appliesTo: (role) => role.startsWith('JS002'),
    description: 'General sales count report: an RSP agent (JS002) gets the agent filter of its own company.',
    adds: (agent) => ({ AgentName: agent.name }),
  },
];

/** Keys of an export request that are not filters: paging belongs to the screen, the page to the config. */
const NOT_FILTERS = new Set(['configCode', 'currentPage', 'pageSize', 'PageID', 'query']);

export const rulesFor = (config: ExportConfig, caller: Caller) =>
  ROLE_RULES.filter((rule) => rule.configCode === config.configCode && rule.appliesTo(caller.roleCode));

/** The company an agent works for, when a role rule needs it. */
export async function agentOf(db: Db, caller: Caller): Promise<Agent | undefined> {
  if (!caller.companyId) return undefined;
  const row = await db
    .withTables<{ customer: { object_id: string; name: string } }>()
    .selectFrom('customer')
    .select('name')
    .where('object_id', '=', caller.companyId)
    .executeTakeFirst();
  return row ? { name: row.name } : undefined;
}

/**
 * The search body an export reads with: the screen's filters, then the role's additions, then the
 * config's forced parameters (each wins over what came before), and the config's page, whose fixed
 * filters the engine adds as it does for the list (InvoicingApproval's "initial parameters").
 */
export function exportBody(
  config: ExportConfig,
  caller: Caller,
  params: Record<string, unknown>,
  agent: Agent | undefined,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const put = (key: string, value: unknown) => {
    const name = key in LEGACY_PARAMS ? LEGACY_PARAMS[key] : key;
    if (name !== null) body[name] = value;
  };
  for (const [key, value] of Object.entries(params)) if (!NOT_FILTERS.has(key)) put(key, value);
  for (const rule of rulesFor(config, caller)) {
    // An agent without a company sees nothing anyway (scope); the rule then has nothing to add.
    if (agent) for (const [key, value] of Object.entries(rule.adds(agent))) put(key, value);
  }
  for (const [key, value] of Object.entries(config.forced ?? {})) put(key, value);
  body.PageID = config.page.id;
  return body;
}
