import type { StiFigures } from '../domain/sti';
import { type DictionaryOption, fetchDictionaries } from './dictionary.service';
import { request } from './http.service';

/** One quarter of an RSP task line's STI, as the line's page shows it. */
export interface StiQuarter extends StiFigures {
  Quarter: number;
  /** The number of the quarter's STI, also the ledger's reference (STI-<line>-<year>Q<n>). */
  No: string;
  /** The quarter is over: its STI may be calculated. */
  Finished: boolean;
  /** The STI calculated for the quarter (reviewed and posted on its own page), once calculated. */
  StiID: string | null;
  /** Its StiStatus keyword. */
  StiStatus: string | null;
  /** The flow number of the posting, once posted. */
  PostedFlowNo: string | null;
}

export interface RspSti {
  Quarters: StiQuarter[];
  /** The caller is HQ, who calculates STI. */
  MayCalculate: boolean;
  /** The line's task is approved (only then is its STI calculated). */
  Approved: boolean;
  /** The STI levels' words in the reader's language. */
  levels: DictionaryOption[];
  /** The STI statuses' words in the reader's language. */
  statuses: DictionaryOption[];
}

/** What a calculation answers: the STI's number, record and amount. */
export interface StiCalculation {
  No: string;
  StiID: string;
  StiAmount: string;
}

const quiet = { silent: true } as const;

/** POST /rspTaskAllocation/sti: the line's four quarters, with the STI level and status words. */
export async function fetchRspSti(objectId: string, lang: string): Promise<RspSti> {
  const [answer, dictionaries] = await Promise.all([
    request<Omit<RspSti, 'levels' | 'statuses'>>('/rspTaskAllocation/sti', { ObjectID: objectId }),
    fetchDictionaries(['StiLevel', 'StiStatus'], lang),
  ]);
  return { ...answer, levels: dictionaries.StiLevel ?? [], statuses: dictionaries.StiStatus ?? [] };
}

/** POST /rspTaskAllocation/calculateSti: calculates a closed quarter's STI, to be reviewed and posted. */
export const calculateRspSti = (objectId: string, quarter: number) =>
  request<StiCalculation>('/rspTaskAllocation/calculateSti', { ObjectID: objectId, Quarter: quarter }, quiet);
