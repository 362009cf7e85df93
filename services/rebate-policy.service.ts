import { type DictionaryOption, fetchDictionaries } from './dictionary.service';
import { request } from './http.service';
import type { WireRecord } from './resource.service';

/** One version of a policy announcement, as the version list answers it. */
export interface PolicyVersionRow {
  ObjectID: string;
  AnnouncementNo: string | null;
  PolicyVersion: number;
  AnnouncementStatus: string | null;
  PreviousVersionID: string | null;
}

export interface PolicyVersions {
  Versions: PolicyVersionRow[];
  /** The caller may draft the next version of this policy now (published or in effect, none open). */
  MayDraft: boolean;
  /** The announcement statuses' words in the reader's language. */
  statuses: DictionaryOption[];
}

// A panel shows a refusal where the command was given, so no global toast.
const quiet = { silent: true } as const;

/** POST /rebateAnnouncement/versions: every version of the policy, with the status words. */
export async function fetchPolicyVersions(objectId: string, lang: string): Promise<PolicyVersions> {
  const [answer, dictionaries] = await Promise.all([
    request<Omit<PolicyVersions, 'statuses'>>('/rebateAnnouncement/versions', { ObjectID: objectId }),
    fetchDictionaries(['AnnouncementStatus'], lang),
  ]);
  return { ...answer, statuses: dictionaries.AnnouncementStatus ?? [] };
}

/** POST /rebateAnnouncement/newVersion: drafts the policy's next version; answers the new announcement. */
export const draftPolicyVersion = (objectId: string) =>
  request<WireRecord>('/rebateAnnouncement/newVersion', { ObjectID: objectId }, quiet);
