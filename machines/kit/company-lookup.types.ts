import { COMPANY_PICKER_PAGE_SIZE, FIRST_PAGE, REGISTRY_PICKER_PAGE_SIZE } from '../../domain/constants';
import type { PickerRow } from '../../services/lookup.service';

/** The vocabulary of the company lookup statechart (company-lookup.machine.ts). */
export interface CompanyLookupInput {
  /** The form field the chosen company's name goes to. */
  field: string;
  readOnly?: boolean;
}

/** A company as the form receives it, whichever list it came from. */
export interface Company {
  CompanyName: string;
  CreditCode?: string;
  Representative?: string;
}

export interface CompanyRecord extends Company {
  source: 'registry' | 'manual';
}

export interface CompanyLookupContext extends Required<CompanyLookupInput> {
  keyword: string;
  localRows: PickerRow[];
  localTotal: number;
  localPage: number;
  registryRows: PickerRow[];
  registryTotal: number;
  registryPage: number;
  /** The rows shown are the portal's sample companies, not a registry's (no registry configured). */
  sample: boolean;
  manualName: string;
  manualProblem?: 'required' | 'tooShort' | 'tooLong';
  candidate?: CompanyRecord;
  error?: string;
}

export type CompanyLookupEvent =
  | { type: 'lookup.open' }
  | { type: 'lookup.close' }
  | { type: 'keyword.change'; keyword: string }
  | { type: 'local.search' }
  | { type: 'local.page'; page: number }
  | { type: 'local.choose'; row: PickerRow }
  | { type: 'registry.search' }
  | { type: 'registry.page'; page: number }
  | { type: 'registry.choose'; row: PickerRow }
  | { type: 'manual.start' }
  | { type: 'manual.change'; name: string }
  | { type: 'manual.confirm' }
  | { type: 'manual.cancel' }
  | { type: 'value.clear' }
  | { type: 'mode.change'; readOnly: boolean };

export type CompanyLookupEmitted =
  | { type: 'notify'; severity: 'warn' | 'error'; message: string }
  | { type: 'picked'; text: string; values: Record<string, unknown>; rows: PickerRow[] }
  | { type: 'cleared' };

export const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
const pageCount = (total: number, size: number) => Math.max(FIRST_PAGE, Math.ceil(total / size));
export const validPage = (page: number, total: number, size: number) =>
  Number.isInteger(page) && page >= FIRST_PAGE && page <= pageCount(total, size);
export const picked = (field: string, company: Company) => ({
  type: 'picked' as const,
  text: company.CompanyName,
  values: { [field]: company.CompanyName },
  rows: [company as unknown as PickerRow],
});
export const fresh = {
  keyword: '',
  localRows: [],
  localTotal: 0,
  localPage: FIRST_PAGE,
  registryRows: [],
  registryTotal: 0,
  registryPage: FIRST_PAGE,
  sample: false,
  manualName: '',
  manualProblem: undefined,
  candidate: undefined,
  error: undefined,
};

/** The company a local row stands for. */
export const companyOfLocalRow = (row: PickerRow): Company => ({
  CompanyName: String(row.CompanyName ?? ''),
  CreditCode: text(row.CreditCode),
  Representative: text(row.Representative),
});

/** The company a company registry row stands for, to be recorded before it fills the form. */
export const candidateOfRegistryRow = (row: PickerRow): CompanyRecord => ({
  CompanyName: String(row.Name ?? ''),
  CreditCode: text(row.CreditCode),
  Representative: text(row.OperName),
  source: 'registry',
});

/** The company typed by hand, trimmed. */
export const manualCandidateOf = (context: CompanyLookupContext): CompanyRecord => ({
  CompanyName: context.manualName.trim(),
  source: 'manual',
});

export interface LocalSearch {
  keyword: string;
  currentPage: number;
  pageSize: number;
}
export interface RegistrySearch {
  searchKey: string;
  currentPage: number;
  pageSize: number;
}

/** The local search pages by 20 (SPEC §9 company pickers). */
export const localSearchOf = (context: CompanyLookupContext): LocalSearch => ({
  keyword: context.keyword.trim(),
  currentPage: context.localPage,
  pageSize: COMPANY_PICKER_PAGE_SIZE,
});

/** The registry offers 20 a page and nothing else (SPEC §9). */
export const registrySearchOf = (context: CompanyLookupContext): RegistrySearch => ({
  searchKey: context.keyword.trim(),
  currentPage: context.registryPage,
  pageSize: REGISTRY_PICKER_PAGE_SIZE,
});
