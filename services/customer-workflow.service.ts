import type { ChangeKind, CustomerApplication, CustomerApplications } from '../domain/customer-applications';
import { request } from './http.service';

export type { ChangeKind, CustomerApplication, CustomerApplications } from '../domain/customer-applications';

/** A new application: its kind and the inputs that kind takes. */
export interface ApplyRequest {
  kind: ChangeKind;
  body: { ObjectID: string; termMonths?: number; to?: string; reason?: string; days?: number };
}

const ENDPOINT: Record<ChangeKind, { path: string; method: 'post' | 'patch' }> = {
  renewal: { path: '/customer/renewal', method: 'post' },
  seniorCertification: { path: '/customer/seniorCertification', method: 'post' },
  conversion: { path: '/customer/convert', method: 'patch' },
  suspension: { path: '/customer/suspend', method: 'post' },
  blacklist: { path: '/customer/blacklist', method: 'post' },
  reinstatement: { path: '/customer/reinstate', method: 'post' },
};

// The panel shows a refusal where the action was taken, so no global toast.
const quiet = { silent: true } as const;

export const customerApplications = (objectId: string) =>
  request<CustomerApplications>('/customer/applications', { ObjectID: objectId }, quiet);

/** Sends a new application to its kind's endpoint. Decisions on it go through services/workflow.service.ts. */
export function sendApplication(req: ApplyRequest) {
  const { path, method } = ENDPOINT[req.kind];
  return request<CustomerApplication>(path, req.body, { ...quiet, method });
}
