import { pageById } from '../../catalogue/catalogue';
import { deriveResourceFields, type FieldSpec } from './fields';
import { type Storage, storageOf } from './storage';

/** Everything the engine knows of one resource: its fields (from the catalogue) and its storage. */
export interface ResourceDef {
  name: string;
  fields: Map<string, FieldSpec>;
  editPages: string[];
  storage: Storage;
  /** The fixed filters of the page a request names, if that page belongs to this resource. */
  fixedFor(pageId: unknown): Record<string, string>;
}

function build(): Map<string, ResourceDef> {
  const defs = new Map<string, ResourceDef>();
  for (const [name, derived] of deriveResourceFields()) {
    defs.set(name, {
      name,
      fields: derived.fields,
      editPages: derived.editPages,
      storage: storageOf(name),
      fixedFor(pageId) {
        if (typeof pageId !== 'string') return {};
        const page = pageById(pageId);
        return page?.resource === name ? (page.fixed ?? {}) : {};
      },
    });
  }
  return defs;
}

/** Resources with routes of their own, outside the generic engine. */
const OWN_ROUTES = new Set([
  'roleToMenu',
  'excelExport',
  'employee',
  'workflowStream',
  'cronJob',
  // The server's caches are declared in code and read from the process (server/cache).
  'cacheConfig',
  // Receipts and allocations are written only through their commands (server/payments).
  'payment',
  'paymentAllocation',
  // Invoice applications are written only through their commands (server/invoices).
  'invoice',
  // Loans and their returns are written only through their commands (server/loans).
  'loanOrder',
  'loanReturn',
  // Order changes are written only through their commands (server/orders/order-change.*).
  'orderChange',
  // Commitment letters are written only through their commands (server/letters).
  'commitmentLetter',
  // Special prices are written only through their commands (server/special-prices).
  'specialApproval',
  // Shipments and orders' delivery information are written only through their commands (server/deliveries).
  'shipment',
  'deliveryInfo',
]);

export const resources = build();
export const engineResources = () => [...resources.values()].filter((def) => !OWN_ROUTES.has(def.name));
export const resourceDef = (name: string) => resources.get(name);
