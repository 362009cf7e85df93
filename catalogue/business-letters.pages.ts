import { col, definePages, field, filter, workflowPanel } from './define';
import type { FieldDef } from './types';

/**
 * The commitment letter record as SPEC §3 names it, with what DOMAIN.md §3 adds: the tender and brand
 * a letter is unique for, the wording (standard or not) and the stamped scan (commitmentLetterUrl).
 */
const letterFields: FieldDef[] = [
  field('commitmentLetterNo', 'text', { readOnly: true }),
  field('status', 'dict', { dict: 'CommitmentLetterStatus', readOnly: true }),
  field('opportunityNo', 'text', { picker: 'opportunity', required: true }),
  field('opportunityName', 'text', { readOnly: true }),
  field('type', 'dict', { dict: 'CommitmentLetterType', required: true }),
  field('brand', 'dict', { dict: 'Brand', required: true }),
  field('tenderNo', 'text', { required: true }),
  field('tenderUnit', 'text'),
  field('estimatedBidOpeningDate', 'date', { required: true }),
  // Years the letter commits to; blank when it commits to none.
  field('serviceYears', 'number', { min: 1 }),
  field('nonStandard', 'boolean'),
  field('nonStandardClause', 'longText', { span: 2 }),
  field('originalCommitmentLetterName', 'text', { readOnly: true }),
  field('originalCommitmentLetterUrl', 'file', { span: 2 }),
  field('commitmentLetterUrl', 'file', { span: 2 }),
  field('oaLink', 'text', { readOnly: true, span: 2 }),
  field('reason', 'text', { readOnly: true, span: 2 }),
  field('processCreator', 'text', { readOnly: true }),
  field('processCreateTime', 'dateTime', { readOnly: true }),
  field('creator', 'text', { readOnly: true }),
  field('createTime', 'dateTime', { readOnly: true }),
];

/** SPEC §2 "Business opportunities": commitment letters and opportunity channels. */
export const businessLetterPages = definePages('business', {
  commitmentLetters: {
    kind: 'list',
    path: '/business/commitment-letters',
    resource: 'commitmentLetter',
    columns: [
      col.text('commitmentLetterNo', { sortable: true, opens: 'business.commitmentLetterDetail' }),
      col.dict('status', 'CommitmentLetterStatus'),
      col.text('opportunityNo'),
      col.text('opportunityName'),
      col.dict('type', 'CommitmentLetterType'),
      col.dict('brand', 'Brand'),
      col.text('tenderNo'),
      col.date('estimatedBidOpeningDate', { sortable: true }),
      col.text('creator'),
      col.date('createTime', { sortable: true }),
      col.text('processCreator'),
      col.date('processCreateTime'),
      col.text('oaLink'),
      col.text('originalCommitmentLetterName'),
      col.file('originalCommitmentLetterUrl'),
      col.file('commitmentLetterUrl'),
    ],
    filters: [
      filter.docNo('commitmentLetterNo', true),
      filter.docNo('opportunityNo', true),
      filter.dict('type', 'CommitmentLetterType', true),
      filter.dict('status', 'CommitmentLetterStatus', true),
      filter.text('tenderNo'),
      filter.text('opportunityName'),
      filter.dateRange('estimatedBidOpeningDate'),
      filter.dateRange('createTime'),
    ],
    toolbar: ['create', 'export', 'exportLog'],
    export: { configCode: 'CommitmentLetterExport', mode: 'job' },
    sort: '-createTime',
    // The to-do lens: letters waiting for the caller's decision (commitmentLetter workflow).
    inbox: 'commitmentLetter',
  },
  commitmentLetterCreate: {
    kind: 'edit',
    path: '/business/commitment-letter-create',
    hidden: true,
    parent: 'business.commitmentLetters',
    resource: 'commitmentLetter',
    // The stamped scan comes later, from the seal keeper on the letter's page.
    fields: letterFields.filter((f) => f.field !== 'commitmentLetterUrl'),
  },
  // Decided here; edited only when returned, and its scan uploaded while it waits for the stamp.
  commitmentLetterDetail: {
    kind: 'edit',
    path: '/business/commitment-letter-detail',
    hidden: true,
    parent: 'business.commitmentLetters',
    resource: 'commitmentLetter',
    workflow: workflowPanel.decisions('commitmentLetter'),
    fields: letterFields,
  },
  // The agents of each deal with their role in it (RSP, CSP, ASP, CCP), the registering agent among them;
  // kept by the deal's owner or vendor staff of its scope while it is open
  // (server/opportunities/opportunity-participants.service.ts).
  channelManagement: {
    kind: 'list',
    path: '/business/channel-management',
    resource: 'opportunityParticipant',
    columns: [
      col.text('ExtOpportunityNOText_SDK', { sortable: true }),
      col.text('ExtOpportunityName_SDK'),
      col.text('ExtOppCustomerName_SDK'),
      col.dict('ExtOpportunityStatus_SDK', 'OpportunityStatus'),
      col.text('AgentName', { opens: 'business.channelParticipantEdit' }),
      col.dict('ParticipantRole', 'OpportunityChannelType'),
      col.boolean('Registrant'),
      col.text('CreatedBy'),
      col.date('CreationOn', { sortable: true }),
    ],
    filters: [
      filter.docNo('ExtOpportunityNOText_SDK', true),
      filter.text('AgentName', true),
      filter.dict('ParticipantRole', 'OpportunityChannelType', true),
      filter.text('ExtOpportunityName_SDK'),
      filter.boolean('Registrant'),
    ],
    toolbar: ['create', 'batchDelete', 'refresh'],
    sort: '-CreationOn',
  },
  // An agent added to a deal with its role; once added, only its role changes (remove it to name another).
  channelParticipantEdit: {
    kind: 'edit',
    path: '/business/channel-participant-edit',
    hidden: true,
    parent: 'business.channelManagement',
    resource: 'opportunityParticipant',
    fields: [
      field('ExtOpportunityNOText_SDK', 'text', { picker: 'opportunity', required: true }),
      field('ExtOpportunityName_SDK', 'text', { readOnly: true }),
      field('AgentName', 'text', { picker: 'customer', required: true }),
      field('ParticipantRole', 'dict', { dict: 'OpportunityChannelType', required: true }),
      field('Registrant', 'boolean', { readOnly: true }),
      field('CreatedBy', 'text', { readOnly: true }),
      field('CreationOn', 'dateTime', { readOnly: true }),
    ],
  },
  // The channels a registration's channel field (ExtOpportunityChannel_SDK) is chosen from, each with its SPEC channel type.
  channelDirectory: {
    kind: 'list',
    path: '/business/channel-directory',
    resource: 'opportunityChannel',
    columns: [
      col.text('channelName', { sortable: true, opens: 'business.channelManagementDetail' }),
      col.dict('channelType', 'OpportunityChannelType'),
      col.text('CreditCode'),
      col.text('ProvinceName'),
      col.text('CityName'),
      col.text('ContactName'),
      col.text('ContactPhone'),
      col.boolean('Enabled'),
      col.date('CreationOn', { sortable: true }),
    ],
    filters: [
      filter.text('channelName', true),
      filter.dict('channelType', 'OpportunityChannelType', true),
      filter.picker('ProvinceName', 'region'),
      filter.boolean('Enabled'),
      filter.dateRange('CreationOn'),
    ],
    toolbar: ['create', 'export'],
    export: { configCode: 'OpportunityChannelExport', mode: 'sync' },
    sort: '-CreationOn',
  },
  // Added, edited and disabled here; the enabled channels are what a registration's channel is chosen
  // from (server/opportunities/opportunity-channel.rules.ts).
  channelManagementDetail: {
    kind: 'edit',
    path: '/business/channel-management-detail',
    hidden: true,
    parent: 'business.channelDirectory',
    resource: 'opportunityChannel',
    fields: [
      field('channelName', 'text', { required: true, picker: 'company' }),
      field('channelType', 'dict', { dict: 'OpportunityChannelType', required: true }),
      field('CreditCode', 'text', { required: true }),
      field('ProvinceName', 'text', { picker: 'region', required: true }),
      field('CityName', 'text'),
      field('Address', 'text', { span: 2 }),
      field('ContactName', 'text', { required: true }),
      field('ContactPhone', 'text', { required: true }),
      field('Email', 'text'),
      field('Enabled', 'boolean'),
      field('Remark', 'longText', { span: 2 }),
      field('CreationOn', 'dateTime', { readOnly: true }),
    ],
  },
});
