import { type DictionaryOption, fetchDictionaries } from './dictionary.service';
import { request } from './http.service';

/** One quarter of an RSP task line's STI, as the line's page shows it before posting. */
export interface StiQuarter {
  Quarter: number;
  /** The ledger's reference of the quarter's STI (STI-<line>-<year>Q<n>). */
  No: string;
  TaskAmount: string;
  AchievedAmount: string;
  /** Percent with two decimals. */
  AchievementRate: string;
  StiLevel: string;
  StiBase: string;
  StiAmount: string;
  /** The quarter is over: its STI may be posted. */
  Finished: boolean;
  /** The flow number of the posting, once posted. */
  PostedFlowNo: string | null;
}

export interface RspSti {
  Quarters: StiQuarter[];
  /** The caller is HQ, who posts STI. */
  MayPost: boolean;
  /** The line's task is approved (only then is its STI posted). */
  Approved: boolean;
  /** The STI levels' words in the reader's language. */
  levels: DictionaryOption[];
}

/** What a posting answers: the figures it computed and posted. */
export interface StiPosting {
  No: string;
  StiAmount: string;
}

const quiet = { silent: true } as const;

/** POST /rspTaskAllocation/sti: the line's four quarters, with the STI level words. */
export async function fetchRspSti(objectId: string, lang: string): Promise<RspSti> {
  const [answer, dictionaries] = await Promise.all([
    request<Omit<RspSti, 'levels'>>('/rspTaskAllocation/sti', { ObjectID: objectId }),
    fetchDictionaries(['StiLevel'], lang),
  ]);
  return { ...answer, levels: dictionaries.StiLevel ?? [] };
}

/** POST /rspTaskAllocation/postSti: posts a finished quarter's STI to the RSP's rebate account. */
export const postRspSti = (objectId: string, quarter: number) =>
  request<StiPosting>('/rspTaskAllocation/postSti', { ObjectID: objectId, Quarter: quarter }, quiet);
