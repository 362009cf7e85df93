import { createHash } from 'node:crypto';
import { REGISTRY_PICKER_PAGE_SIZE } from '../../domain/constants';
import { PortalError } from '../http/envelope';

/**
 * The real company registry: 企查查's open API (QCC_URL, QCC_KEY, QCC_SECRET_KEY in server/config.ts).
 * Without it the company lookup answers from the local sample (company.lookup.ts).
 */
export interface CompanyRegistrySettings {
  /** The API's address, such as https://api.qichacha.com, without the trailing slash. */
  url: string;
  /** The application key sent as `key`. */
  key?: string;
  /** The secret key; with it each call carries 企查查's Token (MD5 of key, Timespan and secret) and Timespan. */
  secretKey?: string;
  /** How long a search may take before the registry counts as unreachable. */
  timeoutMs?: number;
}

/** Long enough for a slow answer, short enough that a person waiting at the picker is told soon. */
const REGISTRY_TIMEOUT_MS = 5_000;

/** One company as the lookup answers it, whichever registry it came from. */
export interface RegistryResultRow {
  KeyNo: string;
  Name: string;
  CreditCode: string;
  OperName: string;
  Status: string;
  StartDate: string;
  No: string;
  Address: string;
}

interface QccCompany {
  KeyNo?: string;
  Name?: string;
  CreditCode?: string;
  OperName?: string;
  Status?: string;
  StartDate?: string;
  No?: string;
  Address?: string;
}

interface QccAnswer {
  Status?: string;
  Result?: QccCompany[] | null;
  Paging?: { TotalRecords?: number | string } | null;
}

/**
 * The registry's (Qichacha's) answer statuses (numbers, sent as text): a page, and "no result" — an
 * empty page, not a failure.
 */
const QCC_OK = 200;
const QCC_NOTHING_FOUND = 201;

const unreachable = () => new PortalError(502, 'server.registryUnreachable');

function headersOf(settings: CompanyRegistrySettings): Record<string, string> {
  if (!settings.secretKey) return {};
  const timespan = String(Math.floor(Date.now() / 1000));
  const token = createHash('md5')
    .update(`${settings.key ?? ''}${timespan}${settings.secretKey}`)
    .digest('hex')
    .toUpperCase();
  return { Token: token, Timespan: timespan };
}

/**
 * GET <url>/ECIV4/Search (name, legal representative or credit code), mapped to the lookup's rows. A
 * registry that fails, times out or answers anything but a page is a 502 naming the registry.
 */
export async function searchCompanyRegistry(
  settings: CompanyRegistrySettings,
  query: { searchKey: string; pageIndex: number; pageSize: number },
): Promise<{ rows: RegistryResultRow[]; total: number }> {
  const params = new URLSearchParams({
    ...(settings.key ? { key: settings.key } : {}),
    searchKey: query.searchKey,
    pageIndex: String(query.pageIndex),
    pageSize: String(query.pageSize),
  });
  let answer: QccAnswer;
  try {
    const response = await fetch(`${settings.url}/ECIV4/Search?${params}`, {
      headers: { accept: 'application/json', ...headersOf(settings) },
      signal: AbortSignal.timeout(settings.timeoutMs ?? REGISTRY_TIMEOUT_MS),
    });
    if (!response.ok) throw unreachable();
    answer = (await response.json()) as QccAnswer;
  } catch {
    throw unreachable();
  }
  const status = Number(answer?.Status ?? Number.NaN);
  if (status === QCC_NOTHING_FOUND) return { rows: [], total: 0 };
  if (status !== QCC_OK || !Array.isArray(answer.Result)) throw unreachable();
  return {
    rows: answer.Result.map((c) => ({
      KeyNo: c.KeyNo ?? '',
      Name: c.Name ?? '',
      CreditCode: c.CreditCode ?? '',
      OperName: c.OperName ?? '',
      Status: c.Status ?? '',
      // 企查查 gives a date and time ("2010-03-26 00:00:00"); the picker shows the day.
      StartDate: (c.StartDate ?? '').slice(0, 10),
      No: c.No ?? '',
      Address: c.Address ?? '',
    })),
    total: Number(answer.Paging?.TotalRecords ?? answer.Result.length) || 0,
  };
}

/** The registry's KeyNo of the company with this exact name and credit code, asked by the credit code. */
export async function companyKeyInRegistry(
  settings: CompanyRegistrySettings,
  name: string,
  creditCode: string,
): Promise<string | undefined> {
  if (!creditCode) return undefined;
  const { rows } = await searchCompanyRegistry(settings, {
    searchKey: creditCode,
    pageIndex: 1,
    pageSize: REGISTRY_PICKER_PAGE_SIZE,
  });
  return rows.find((r) => r.Name === name && r.CreditCode.toUpperCase() === creditCode)?.KeyNo || undefined;
}
