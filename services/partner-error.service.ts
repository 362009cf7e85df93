import { request } from './http.service';

/** A row of a partner pull's error log, with what its retry panel needs. */
export interface PartnerErrorRow {
  ObjectID: string;
  Version: number;
  SynchState: string;
  RawPayload: string;
}

/** The error logs whose rows can be processed again (POST /portal/<log>/retry). */
export type PartnerErrorLog = 'partnerOrderError' | 'partnerShippingError';

/** One row of an error log. */
export const fetchPartnerError = (log: PartnerErrorLog, objectId: string) =>
  request<PartnerErrorRow[]>(`/${log}/getOne`, { ObjectID: objectId }, { silent: true }).then(
    (rows) => rows[0],
  );

/** Processes a row again, as it stands or with the corrected data. */
export const retryPartnerError = (
  log: PartnerErrorLog,
  objectId: string,
  version: number,
  payload?: string,
) =>
  request<null>(
    `/${log}/retry`,
    { ObjectID: objectId, Version: version, ...(payload === undefined ? {} : { RawPayload: payload }) },
    { silent: true },
  );
