import { NUMBER_PREFIX } from '../../domain/numbering';
import { col } from '../resources/column';
import type { Storage } from '../resources/storage';

/**
 * The tables of the reviewers' opinions and of the modification log (migration 041). Both rows carry
 * the scope of the agent whose report they are about, so an agent reads its own company's and vendor
 * staff those of their province, like the report lines themselves.
 */
export const reportReviewStorages = {
  reportOpinion: {
    table: 'report_opinion',
    columns: {
      OpinionNo: col('opinion_no'),
      ReportType: col('report_type'),
      AgentName: col('agent_name'),
      Period: col('period'),
      ReportNo: col('report_no'),
      ProductModel: col('product_model'),
      OpinionType: col('opinion_type'),
      OpinionStatus: col('opinion_status'),
    },
    number: { field: 'OpinionNo', prefix: NUMBER_PREFIX.reportOpinion },
    defaultSort: '-CreationOn',
    keywordFields: ['OpinionNo', 'AgentName', 'ReportNo', 'ProductModel'],
    createRequires: ['ReportType', 'AgentName', 'Period', 'OpinionType'],
  },
  // Written only by the server, in the transaction of the change it records.
  modificationRecord: {
    table: 'report_modification',
    columns: {
      ReportType: col('report_type'),
      AgentName: col('agent_name'),
      Period: col('period'),
      ReportNo: col('report_no'),
      ProductModel: col('product_model'),
      FieldName: col('field_name'),
      OldValue: col('old_value'),
      NewValue: col('new_value'),
      ModifyReason: col('reason'),
      ChangeSource: col('change_source'),
      FileName: col('file_name'),
      LineNo: col('line_no', 'integer'),
      ModifiedByUserName: col('modified_by_username'),
    },
    defaultSort: '-ModifiedOn',
    keywordFields: ['AgentName', 'ReportNo', 'ProductModel'],
  },
} satisfies Record<string, Omit<Storage, 'shared'>>;
