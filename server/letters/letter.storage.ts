import { NUMBER_PREFIX } from '../../domain/numbering';
import { col } from '../resources/column';
import type { Storage } from '../resources/storage';

/**
 * Where commitment letters live (migration 030): a typed table whose tender number and brand carry the
 * one-active-letter index; the rest of a letter's fields in its `data`.
 */
export const letterStorages = {
  commitmentLetter: {
    table: 'commitment_letter',
    columns: {
      commitmentLetterNo: col('commitment_letter_no'),
      opportunityNo: col('opportunity_no'),
      opportunityName: col('opportunity_name'),
      type: col('letter_type'),
      tenderNo: col('tender_no'),
      brand: col('brand'),
      estimatedBidOpeningDate: col('estimated_bid_opening_date', 'date'),
      status: col('status'),
      LetterActive: col('active', 'boolean'),
      createTime: col('created_at', 'timestamptz'),
      creator: col('created_by_name'),
    },
    number: { field: 'commitmentLetterNo', prefix: NUMBER_PREFIX.commitmentLetter },
    defaultSort: '-CreationOn',
    keywordFields: ['commitmentLetterNo', 'opportunityNo', 'opportunityName', 'tenderNo'],
  },
} satisfies Record<string, Omit<Storage, 'shared'>>;
