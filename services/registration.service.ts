import type { FileAttachment } from '../domain/files';
import { request } from './http.service';
import { type PickerPage, type RegistryAnswer, registryPageOf } from './lookup.service';
import { sendFile, type UploadFields, type UploadHandle } from './upload.service';

/** A region of the public lists: code and name in the caller's language. */
export interface Region {
  code: string;
  name: string;
}

/** The applicant's form as /portal/registrationInfo/register takes it. */
export type RegistrationBody = Record<string, unknown>;

export interface RegistrationProgress {
  RegistrationNo: string;
  Name?: string;
  State: string;
  CurrentStep: string | null;
  /** The workflow would accept a withdrawal from the applicant now. */
  MayWithdraw?: boolean;
  Steps: string[];
  StepIndex: number | null;
  Reason: string | null;
  History: { type: string; at: string; role: string; reason: string | null }[];
}

// The public calls show their failures on the page itself, not as a toast.
const quiet = { silent: true } as const;

export const registerApplication = (form: RegistrationBody) =>
  request<{ RegistrationNo: string }>('/registrationInfo/register', form, quiet);

export const fetchProgress = (query: { RegistrationNo: string; ContactPhone: string }) =>
  request<RegistrationProgress>('/registrationInfo/progress', query, quiet);

export const resubmitApplication = (body: RegistrationBody) =>
  request<{ RegistrationNo: string; State: string }>('/registrationInfo/resubmit', body, quiet);

export const withdrawApplication = (query: { RegistrationNo: string; ContactPhone: string }) =>
  request<{ RegistrationNo: string; State: string }>('/registrationInfo/withdraw', query, quiet);

export const publicProvinces = () => request<Region[]>('/public/province/searchAll', {}, quiet);

export const publicCities = (provinceCode: string) =>
  request<Region[]>('/public/city/searchAll', { provinceCode }, quiet);

/** The company registry (企查查) without a login: results.Result and results.Paging.TotalRecords. */
export async function publicRegistrySearch(body: {
  searchKey: string;
  currentPage: number;
  pageSize: number;
}): Promise<PickerPage> {
  return registryPageOf(await request<RegistryAnswer>('/public/qcc/search', body));
}

export const PUBLIC_LICENCE_URL = '/portal/public/uploadLicence';

/** A business licence sent without a login, tagged with the application's region for its reviewers. */
export function uploadLicence(
  file: File,
  region: { ProvinceCode?: string; CityCode?: string },
  onProgress: (percent: number) => void,
): UploadHandle {
  const fields = { ownerType: 101, ...region } as UploadFields;
  return sendFile(file, fields, { action: PUBLIC_LICENCE_URL, onProgress });
}

/** The applicant takes back a licence uploaded a moment ago. */
export const discardLicence = (objectId: string) =>
  request('/public/discardLicence', { ObjectID: objectId }, quiet);

export type { FileAttachment };
