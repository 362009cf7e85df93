import type { AnyStateMachine } from 'xstate';
import { chainsMachine } from './viewer/chains.machine';
import { processHistoryMachine } from './viewer/history.machine';
import { workflowViewerMachine } from './viewer/viewer.machine';
import { workflowDeclarations } from './workflows/registry';

export type MachineGroup = 'session' | 'shell' | 'kit' | 'admin' | 'workflows';

/** One statechart the workflow viewer shows and `npm run paths` plans tests for. */
export interface MachineEntry {
  /** The machine's id (its root state node id), also the CLI argument of `npm run paths`. */
  id: string;
  group: MachineGroup;
  /** Locale key of the machine's name (workflows.machines.<id>). */
  titleKey: string;
  /** Event-sourced business workflows have stored histories the viewer can replay. */
  workflow?: boolean;
  /** Imported on demand, so the machines ride in the viewer's chunk, not in the login page's. */
  load: () => Promise<AnyStateMachine>;
}

type Loader = () => Promise<AnyStateMachine>;
const entry = (group: MachineGroup, id: string, load: Loader, workflow = false): MachineEntry => ({
  id,
  group,
  titleKey: `workflows.machines.${id}`,
  load,
  ...(workflow ? { workflow } : {}),
});

/** Every statechart of machines/, in the viewer's order. Adding one is one line here (and its title). */
export const machineRegistry: MachineEntry[] = [
  entry('session', 'session', () => import('./session/session.machine').then((m) => m.sessionMachine)),
  entry('session', 'routeGuard', () =>
    import('./session/route-guard.machine').then((m) => m.routeGuardMachine),
  ),
  entry('session', 'passwordChange', () =>
    import('./session/password-change.machine').then((m) => m.passwordChangeMachine),
  ),
  entry('shell', 'tabs', () => import('./shell/tabs.machine').then((m) => m.tabsMachine)),
  entry('shell', 'settings', () => import('./shell/settings.machine').then((m) => m.settingsMachine)),
  entry('shell', 'locale', () => import('./shell/locale.machine').then((m) => m.localeMachine)),
  entry('shell', 'notices', () => import('./shell/notices.machine').then((m) => m.noticesMachine)),
  entry('shell', 'dashboard', () => import('./shell/dashboard.machine').then((m) => m.dashboardMachine)),
  entry('shell', 'opportunitySummary', () =>
    import('./business/opportunity-summary.machine').then((m) => m.opportunitySummaryMachine),
  ),
  entry('kit', 'table', () => import('./kit/table.machine').then((m) => m.tableMachine)),
  entry('kit', 'record', () => import('./kit/record.machine').then((m) => m.recordMachine)),
  entry('kit', 'picker', () => import('./kit/picker.machine').then((m) => m.pickerMachine)),
  entry('kit', 'upload', () => import('./kit/upload.machine').then((m) => m.uploadMachine)),
  entry('kit', 'export', () => import('./kit/export.machine').then((m) => m.exportMachine)),
  entry('kit', 'import', () => import('./kit/import.machine').then((m) => m.importMachine)),
  entry('kit', 'exportLog', () => import('./kit/export-log.machine').then((m) => m.exportLogMachine)),
  entry('kit', 'companyLookup', () =>
    import('./kit/company-lookup.machine').then((m) => m.companyLookupMachine),
  ),
  entry('kit', 'decision', () => import('./kit/decision.machine').then((m) => m.decisionMachine)),
  entry('admin', 'roleMenus', () => import('./admin/role-menus.machine').then((m) => m.roleMenusMachine)),
  entry('admin', 'employeeAdmin', () =>
    import('./admin/employee-admin.machine').then((m) => m.employeeAdminMachine),
  ),
  entry('admin', 'cronJob', () => import('./admin/cron-job.machine').then((m) => m.cronJobMachine)),
  entry('admin', 'cacheAdmin', () => import('./admin/cache-admin.machine').then((m) => m.cacheAdminMachine)),
  entry('admin', 'booksCheck', () => import('./admin/books-check.machine').then((m) => m.booksCheckMachine)),
  entry('admin', 'servers', () => import('./admin/servers.machine').then((m) => m.serversMachine)),
  // The viewer draws with its own two machines, so they are in this list's chunk anyway: no import().
  entry('admin', 'workflowViewer', async () => workflowViewerMachine),
  entry('admin', 'processHistory', async () => processHistoryMachine),
  entry('admin', 'workflowChains', async () => chainsMachine),
  entry('workflows', 'registrationForm', () =>
    import('./registration/registration-form.machine').then((m) => m.registrationFormMachine),
  ),
  entry('workflows', 'registrationProgress', () =>
    import('./registration/progress.machine').then((m) => m.progressMachine),
  ),
  entry('workflows', 'customerWorkflow', () =>
    import('./customers/customer-workflow.machine').then((m) => m.customerWorkflowMachine),
  ),
  entry('workflows', 'creditLimitPanel', () =>
    import('./customers/credit-limit-panel.machine').then((m) => m.creditLimitPanelMachine),
  ),
  entry('workflows', 'ownCompany', () =>
    import('./customers/own-company.machine').then((m) => m.ownCompanyMachine),
  ),
  entry('workflows', 'opportunityItems', () =>
    import('./opportunities/opportunity-items.machine').then((m) => m.opportunityItemsMachine),
  ),
  entry('workflows', 'opportunityParticipants', () =>
    import('./opportunities/opportunity-participants.machine').then((m) => m.opportunityParticipantsMachine),
  ),
  entry('workflows', 'ownerChange', () =>
    import('./opportunities/owner-change.machine').then((m) => m.ownerChangeMachine),
  ),
  entry('workflows', 'receiptAllocation', () =>
    import('./payments/receipt-allocation.machine').then((m) => m.receiptAllocationMachine),
  ),
  entry('workflows', 'orderLines', () =>
    import('./orders/order-lines.machine').then((m) => m.orderLinesMachine),
  ),
  entry('workflows', 'usableRebate', () =>
    import('./orders/usable-rebate.machine').then((m) => m.usableRebateMachine),
  ),
  entry('workflows', 'errorRetry', () =>
    import('./partner/error-retry.machine').then((m) => m.errorRetryMachine),
  ),
  entry('workflows', 'orderEntryApproval', () =>
    import('./orders/order-entry-approval.machine').then((m) => m.orderEntryApprovalMachine),
  ),
  entry('workflows', 'orderChangeLines', () =>
    import('./orders/order-change-lines.machine').then((m) => m.changeLinesMachine),
  ),
  entry('workflows', 'orderApprovalPage', () =>
    import('./orders/order-approval-page.machine').then((m) => m.orderApprovalPageMachine),
  ),
  entry('workflows', 'specialPricePage', () =>
    import('./special-prices/special-price-page.machine').then((m) => m.specialPricePageMachine),
  ),
  entry('workflows', 'cpqPicker', () =>
    import('./special-prices/cpq-picker.machine').then((m) => m.cpqPickerMachine),
  ),
  entry('workflows', 'shipmentForm', () =>
    import('./orders/shipment-form.machine').then((m) => m.shipmentFormMachine),
  ),
  entry('workflows', 'shipmentReceipt', () =>
    import('./orders/shipment-receipt.machine').then((m) => m.shipmentReceiptMachine),
  ),
  entry('workflows', 'loanSerials', () =>
    import('./orders/loan-serials.machine').then((m) => m.loanSerialsMachine),
  ),
  entry('workflows', 'loanReturnLines', () =>
    import('./orders/loan-return-lines.machine').then((m) => m.loanReturnLinesMachine),
  ),
  entry('workflows', 'deliveryInfo', () =>
    import('./orders/delivery-info.machine').then((m) => m.deliveryInfoMachine),
  ),
  entry('workflows', 'policyVersions', () =>
    import('./rebates/policy-versions.machine').then((m) => m.policyVersionsMachine),
  ),
  entry('workflows', 'rspSti', () => import('./sales-tasks/rsp-sti.machine').then((m) => m.rspStiMachine)),
  entry('workflows', 'taskPackage', () =>
    import('./sales-tasks/task-package.machine').then((m) => m.taskPackageMachine),
  ),
  // The event-sourced workflows come from their one registry, in its order.
  ...workflowDeclarations.map((d) => ({
    ...entry('workflows', d.name, async () => d.machine, true),
    ...(d.titleKey ? { titleKey: d.titleKey } : {}),
  })),
];

export const machineGroups: MachineGroup[] = ['session', 'shell', 'kit', 'admin', 'workflows'];

export const registryEntry = (id: string) => machineRegistry.find((e) => e.id === id);

/** The machine of a registry id, imported on first use. */
export async function loadMachine(id: string): Promise<AnyStateMachine> {
  const found = registryEntry(id);
  if (!found) throw new Error(`Unknown machine "${id}"`);
  return found.load();
}

/** The whole list with every machine loaded (the paths command, tests). */
export async function loadAllMachines(): Promise<{ entry: MachineEntry; machine: AnyStateMachine }[]> {
  return Promise.all(machineRegistry.map(async (e) => ({ entry: e, machine: await e.load() })));
}
