import type { CreditLimitOverview } from '../domain/credit-limits';
import { request } from './http.service';

export type { CreditLimitOverview, CreditLimitRequestRow } from '../domain/credit-limits';

/** What a request or its correction sends: the limits as typed and the reason. */
export interface CreditLimitForm {
  CreditLimit: string;
  PartnerCreditLimit: string;
  RequestReason: string;
}

// The panel shows a refusal where the request was made, so no global toast.
const quiet = { silent: true } as const;

export const creditLimitOverview = (objectId: string) =>
  request<CreditLimitOverview>('/customer/creditLimits', { ObjectID: objectId }, quiet);

/**
 * Sends a new request, or — when the open one was returned — its correction, as the workflow's
 * resubmission. A blank partner-line limit leaves that limit as it is.
 */
export function sendCreditLimit(input: { objectId: string; form: CreditLimitForm; correcting: boolean }) {
  const { CreditLimit, PartnerCreditLimit, RequestReason } = input.form;
  const figures = {
    CreditLimit: CreditLimit.trim(),
    ...(PartnerCreditLimit.trim() ? { PartnerCreditLimit: PartnerCreditLimit.trim() } : {}),
    RequestReason,
  };
  if (!input.correcting)
    return request<CreditLimitOverview>(
      '/customer/requestCreditLimit',
      { ObjectID: input.objectId, ...figures },
      quiet,
    );
  return request<unknown>(
    '/workflow/decide',
    { workflow: 'creditLimitChange', ObjectID: input.objectId, command: 'resubmit', payload: figures },
    quiet,
  );
}
