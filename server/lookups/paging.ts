import { z } from 'zod';
import { PICKER_PAGE_SIZE } from '../../domain/constants';
import { MAX_PAGE_SIZE } from '../resources/search';

/** SPEC §7 pickers: POST /{code}/search with currentPage, pageSize and the dialog's keyword. */
export const pickerPaging = {
  currentPage: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PICKER_PAGE_SIZE),
  keyword: z.string().trim().max(100).optional(),
};

export const pickerQuery = z.object(pickerPaging);
export type PickerQuery = z.infer<typeof pickerQuery>;

/** The rows of one page of a list held in memory (the CPU list), with the total. */
export function pageOf<T>(rows: T[], { currentPage, pageSize }: { currentPage: number; pageSize: number }) {
  const start = (currentPage - 1) * pageSize;
  return { rows: rows.slice(start, start + pageSize), total: rows.length };
}

export const offsetOf = ({ currentPage, pageSize }: { currentPage: number; pageSize: number }) =>
  (currentPage - 1) * pageSize;
