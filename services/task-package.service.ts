import { type DictionaryOption, fetchDictionaries } from './dictionary.service';
import { request } from './http.service';

/** The lines an approval page lists under their package. */
export type PackageLineResource = 'rspTaskAllocation' | 'cityManagerTask';

/** A task package as its approval page shows it: the province target and its lines of the page's kind. */
export interface TaskPackage {
  /** The province target, whose workflow decides the package; null when the line has none in reach. */
  Target: Record<string, unknown> | null;
  Lines: Record<string, unknown>[];
  /** The words of the codes the package shows, in the reader's language. */
  dictionaries: Record<string, DictionaryOption[]>;
}

/** The dictionaries of the codes a package's target and lines carry. */
export const PACKAGE_DICTIONARIES = [
  'Brand',
  'TaskIndicatorType',
  'TaskPackageStatus',
  'TaskApprovalStatus',
  'TaskConfirmStatus',
  'TaskType',
];

/** POST /<line resource>/package: the package of a line, with its codes' words. */
export async function fetchTaskPackage(
  resource: PackageLineResource,
  objectId: string,
  lang: string,
): Promise<TaskPackage> {
  const [answer, dictionaries] = await Promise.all([
    request<Omit<TaskPackage, 'dictionaries'>>(`/${resource}/package`, { ObjectID: objectId }),
    fetchDictionaries(PACKAGE_DICTIONARIES, lang),
  ]);
  return { ...answer, dictionaries };
}
