import { NUMBER_PREFIX } from '../../domain/numbering';
import { col } from '../resources/column';
import type { Storage } from '../resources/storage';

/**
 * Where loans live (migration 028): loans and their returns in tables of their own, the loan report
 * and the write-off records as views over the loan lines, returns and conversions.
 */
export const loanStorages = {
  loanOrder: {
    table: 'loan_order',
    columns: {
      LoanNo: col('loan_no'),
      LoanType: col('loan_type'),
      AgentName: col('agent_name'),
      EndUserName: col('end_user_name'),
      OpportunityNo: col('opportunity_no'),
      LoanValue: col('loan_value', 'numeric'),
      LendDate: col('lend_date', 'date'),
      ExpectedReturnDate: col('expected_return_date', 'date'),
      ExtendedTo: col('extended_to', 'date'),
      LoanStatus: col('loan_status'),
      LoanQuantity: col('loan_quantity', 'integer'),
      ReturnedQuantity: col('returned_quantity', 'integer'),
      ConvertedQuantity: col('converted_quantity', 'integer'),
      CompensatedQuantity: col('compensated_quantity', 'integer'),
      Purpose: col('purpose'),
      cityManagerName: col('city_manager_name'),
    },
    number: { field: 'LoanNo', prefix: NUMBER_PREFIX.loan },
    defaultSort: '-CreationOn',
    keywordFields: ['LoanNo', 'AgentName', 'EndUserName'],
  },
  loanReturn: {
    table: 'loan_return',
    columns: {
      ReturnNo: col('return_no'),
      LoanNo: col('loan_no'),
      AgentName: col('agent_name'),
      LineNo: col('line_no', 'integer'),
      ProductCode: col('product_code'),
      ReturnQuantity: col('return_quantity', 'integer'),
      InspectionResult: col('inspection_result'),
      ReturnReason: col('return_reason'),
      ReturnApplyDate: col('return_date', 'date'),
      ReturnDate: col('return_date', 'date'),
      ReturnStatus: col('return_status'),
      SerialNumbers: col('serial_numbers'),
      LogisticsCompany: col('logistics_company'),
      TrackingNo: col('tracking_no'),
    },
    defaultSort: '-CreationOn',
    keywordFields: ['ReturnNo', 'LoanNo', 'AgentName'],
  },
  loanReport: {
    table: 'loan_report',
    columns: {
      LoanNo: col('loan_no'),
      AgentName: col('agent_name'),
      ProvinceName: col('province_name'),
      LoanType: col('loan_type'),
      LoanStatus: col('loan_status'),
      ProductModel: col('product_model'),
      LoanQuantity: col('loan_quantity', 'integer'),
      ReturnedQuantity: col('returned_quantity', 'integer'),
      ConvertedQuantity: col('converted_quantity', 'integer'),
      CompensatedQuantity: col('compensated_quantity', 'integer'),
      OutstandingQuantity: col('outstanding_quantity', 'integer'),
      LoanValue: col('loan_value', 'numeric'),
      LendDate: col('lend_date', 'date'),
      OverdueDays: col('overdue_days', 'integer'),
    },
    defaultSort: '-OverdueDays',
    keywordFields: ['LoanNo', 'AgentName', 'ProductModel'],
  },
  loanVerification: {
    table: 'loan_verification',
    columns: {
      VerificationNo: col('verification_no'),
      LoanNo: col('loan_no'),
      AgentName: col('agent_name'),
      VerificationMethod: col('verification_method'),
      VerifiedQuantity: col('verified_quantity', 'integer'),
      RelatedOrderNo: col('related_order_no'),
      VerifiedAmount: col('verified_amount', 'numeric'),
      VerificationStatus: col('verification_status'),
      VerifiedByName: col('verified_by_name'),
      VerifiedByLogin: col('verified_by_login'),
      VerifiedOn: col('verified_on', 'timestamptz'),
    },
    defaultSort: '-CreationOn',
    keywordFields: ['VerificationNo', 'LoanNo', 'AgentName'],
  },
} satisfies Record<string, Omit<Storage, 'shared'>>;
