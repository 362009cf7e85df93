import { definePages, field, workflowPanel } from './define';
import type { FieldDef } from './types';

/** Company data every agent tier has (the business licence plus contact and bank details). */
const companyFields: FieldDef[] = [
  field('Name', 'text', { required: true, picker: 'company' }),
  field('ExtCreditCode_SDK', 'text', { required: true }),
  field('AccountID', 'text', { readOnly: true }),
  field('ExtAgentID_SDK', 'text', { readOnly: true }),
  field('ExtLegalRepresentative_SDK', 'text', { required: true }),
  field('ExtRegisteredCapital_SDK', 'price'),
  field('ExtEstablishedDate_SDK', 'date'),
  field('ProvinceName', 'text', { picker: 'region', required: true }),
  field('CityName', 'text', { picker: 'region', required: true }),
  field('Address', 'text', { span: 2 }),
  field('ContactName', 'text', { required: true }),
  field('ContactPhone', 'text', { required: true }),
  field('Email', 'text'),
  field('ExtBankName_SDK', 'text'),
  field('ExtBankAccountName_SDK', 'text'),
  field('ExtBankAccount_SDK', 'text'),
];

/** Cooperation terms and state, maintained by the vendor. */
const agreementFields: FieldDef[] = [
  field('ExtProductGroup_SDK', 'dict', { dict: 'ProductGroup', required: true }),
  // The limits change only through a credit-limit request finance approves (docs/credit-limits.md).
  field('ExtCreditLimit_SDK', 'price', { readOnly: true }),
  field('ExtPartnerCreditLimit_SDK', 'price', { readOnly: true }),
  field('ExtPaymentTerms_SDK', 'dict', { dict: 'RspPaymentMethod' }),
  field('ExtAgreementStartDate_SDK', 'date', { required: true }),
  field('ExtAgreementEndDate_SDK', 'date', { required: true }),
  field('ExtCustomerStatus_SDK', 'dict', { dict: 'CustomerStatus', readOnly: true }),
  field('ExtLicenseFile_SDK', 'file', { span: 2 }),
  // The signed agreements, made by the portal from the enabled template (server/agreements).
  field('ExtAgreementFile_SDK', 'file', { readOnly: true, span: 2 }),
  // Whether the latest one has its PDF beside the Word file, or why not (docs/templates.md).
  field('ExtAgreementPdf_SDK', 'dict', { dict: 'AgreementPdf', readOnly: true }),
  field('CreationOn', 'dateTime', { readOnly: true }),
  field('Remark', 'longText', { span: 2 }),
];

const distributorFields: FieldDef[] = [
  ...companyFields,
  field('ExtCustomerType_SDK', 'dict', { dict: 'CustomerType', readOnly: true }),
  ...agreementFields,
];

const rspFields: FieldDef[] = [
  ...companyFields,
  field('ExtChannelSmallType_SDK', 'dict', { dict: 'ChannelType', readOnly: true }),
  field('ExtTotalAgent_SDK', 'dict', { dict: 'TotalAgent', required: true }),
  field('ExtChannelManagerName_SDK', 'person', { picker: 'employee', required: true }),
  field('ExtSeniorCertified_SDK', 'boolean', { readOnly: true }),
  ...agreementFields,
];

const ccpFields: FieldDef[] = [
  ...companyFields,
  field('ExtChannelSmallType_SDK', 'dict', { dict: 'ChannelType', readOnly: true }),
  field('ExtCoverageCities_SDK', 'text', { picker: 'region', required: true }),
  field('ExtSupplierName_SDK', 'text', { picker: 'customer', required: true }),
  field('cityManagerName', 'person', { picker: 'employee', required: true }),
  ...agreementFields,
];

/** Hidden record pages of the agents module; they read objectID and action from the query string. */
export const customersRecordPages = definePages('customers', {
  distributorAdd: {
    kind: 'edit',
    path: '/customers/distributor-add',
    hidden: true,
    parent: 'customers.distributorOverview',
    resource: 'customer',
    fields: distributorFields,
  },
  distributorEdit: {
    kind: 'edit',
    path: '/customers/distributor-edit',
    hidden: true,
    parent: 'customers.distributorOverview',
    resource: 'customer',
    fields: distributorFields,
    workflow: workflowPanel.agentApplications('customerChange'),
  },
  distributorDetail: {
    kind: 'detail',
    path: '/customers/distributor-detail',
    hidden: true,
    parent: 'customers.distributorOverview',
    resource: 'customer',
    fields: distributorFields,
    workflow: workflowPanel.agentApplications('customerChange'),
  },
  rspDetail: {
    kind: 'detail',
    path: '/customers/rsp-detail',
    hidden: true,
    parent: 'customers.rspInfo',
    resource: 'customer',
    fields: rspFields,
    workflow: workflowPanel.agentApplications('customerChange'),
  },
  rspEdit: {
    kind: 'edit',
    path: '/customers/rsp-edit',
    hidden: true,
    parent: 'customers.rspInfo',
    resource: 'customer',
    fields: rspFields,
    workflow: workflowPanel.agentApplications('customerChange'),
  },
  ccpDetail: {
    kind: 'detail',
    path: '/customers/ccp-detail',
    hidden: true,
    parent: 'customers.ccpInfo',
    resource: 'customer',
    fields: ccpFields,
    workflow: workflowPanel.agentApplications('customerChange'),
  },
  ccpEdit: {
    kind: 'edit',
    path: '/customers/ccp-edit',
    hidden: true,
    parent: 'customers.ccpInfo',
    resource: 'customer',
    fields: ccpFields,
    workflow: workflowPanel.agentApplications('customerChange'),
  },
  originalDetail: {
    kind: 'detail',
    path: '/customers/original-detail',
    hidden: true,
    parent: 'customers.originalRegistrationInfo',
    resource: 'registrationInfo',
    workflow: workflowPanel.decisions('registration'),
    fields: [
      field('RegistrationNo', 'text', { readOnly: true }),
      field('ExtChannelSmallType_SDK', 'dict', { dict: 'ChannelType', readOnly: true }),
      field('Name', 'text', { readOnly: true }),
      field('ExtCreditCode_SDK', 'text', { readOnly: true }),
      field('ExtLegalRepresentative_SDK', 'text', { readOnly: true }),
      field('ExtRegisteredCapital_SDK', 'price', { readOnly: true }),
      field('ExtEstablishedDate_SDK', 'date', { readOnly: true }),
      field('ProvinceName', 'text', { readOnly: true }),
      field('CityName', 'text', { readOnly: true }),
      field('ExtCoverageCities_SDK', 'text', { readOnly: true }),
      field('Address', 'text', { readOnly: true, span: 2 }),
      field('ContactName', 'text', { readOnly: true }),
      field('ContactPhone', 'text', { readOnly: true }),
      field('Email', 'text', { readOnly: true }),
      field('ExtBankName_SDK', 'text', { readOnly: true }),
      field('ExtBankAccountName_SDK', 'text', { readOnly: true }),
      field('ExtBankAccount_SDK', 'text', { readOnly: true }),
      field('ExtProductGroup_SDK', 'dict', { dict: 'ProductGroup', readOnly: true }),
      field('ExtLicenseFile_SDK', 'file', { readOnly: true, span: 2 }),
      field('ExtCustomerStatus_SDK', 'dict', { dict: 'CustomerStatus', readOnly: true }),
      field('ApprovalNode', 'dict', { dict: 'RegistrationStep', readOnly: true }),
      field('ExtReturnReason_SDK', 'longText', { readOnly: true, span: 2 }),
      field('SubmittedOn', 'dateTime', { readOnly: true }),
    ],
  },
});
