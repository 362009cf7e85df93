import { TemplateType } from '../domain/codes/customers.codes';
import { col, definePages, field, filter } from './define';
import type { ColumnDef, FilterDef } from './types';

/** The one edit page every template list creates and opens its records with. */
const EDIT = 'models.template';

/** An agreement template is a versioned file; only one version per type is enabled at a time. */
const templateColumns: ColumnDef[] = [
  col.text('Name', { sortable: true, opens: EDIT }),
  col.dict('ExtTemplateType_SDK', 'TemplateType'),
  // The template's own version ('V2.0'); `Version` is the record's revision that guards stale writes.
  col.text('ExtTemplateVersion_SDK'),
  col.file('FileName'),
  col.fileSize('Size'),
  col.dict('ExtTemplateStatus_SDK', 'TemplateStatus', { editable: true }),
  col.date('StartDate'),
  col.date('EndDate'),
  col.text('CreatedBy'),
  col.date('CreationOn', { sortable: true }),
];

const templateFilters: FilterDef[] = [
  filter.text('Name', true),
  filter.dict('ExtTemplateStatus_SDK', 'TemplateStatus', true),
  filter.text('ExtTemplateVersion_SDK'),
  filter.dateRange('CreationOn'),
];

/**
 * The three typed lists show one ExtTemplateType_SDK each (101 general distributor, 111 RSP, 121 CCP);
 * 'all' shows every template type, including the integrity, confidentiality and tripartite ones.
 */
export const modelsPages = definePages('models', {
  total: {
    kind: 'list',
    path: '/models/total',
    resource: 'agreementTemplate',
    fixed: { ExtTemplateType_SDK: TemplateType.generalDistributor },
    columns: templateColumns,
    filters: templateFilters,
    toolbar: ['create', 'batchDelete'],
    editPage: EDIT,
    sort: '-CreationOn',
  },
  prov: {
    kind: 'list',
    path: '/models/prov',
    resource: 'agreementTemplate',
    fixed: { ExtTemplateType_SDK: TemplateType.rsp },
    columns: templateColumns,
    filters: templateFilters,
    toolbar: ['create', 'batchDelete'],
    editPage: EDIT,
    sort: '-CreationOn',
  },
  city: {
    kind: 'list',
    path: '/models/city',
    resource: 'agreementTemplate',
    fixed: { ExtTemplateType_SDK: TemplateType.ccp },
    columns: templateColumns,
    filters: templateFilters,
    toolbar: ['create', 'batchDelete'],
    editPage: EDIT,
    sort: '-CreationOn',
  },
  all: {
    kind: 'list',
    path: '/models/all',
    resource: 'agreementTemplate',
    columns: templateColumns,
    filters: [
      ...templateFilters.slice(0, 2),
      filter.dict('ExtTemplateType_SDK', 'TemplateType', true),
      ...templateFilters.slice(2),
    ],
    toolbar: ['create', 'export', 'batchDelete'],
    export: { configCode: 'AgreementTemplateExport', mode: 'sync' },
    editPage: EDIT,
    sort: '-CreationOn',
  },
  /**
   * A template version and its file. Created from a typed list, it starts with that list's type;
   * saving it as enabled retires the type's former enabled version (server/resources/templates.ts).
   */
  template: {
    kind: 'edit',
    path: '/models/template-edit',
    hidden: true,
    parent: 'models.all',
    resource: 'agreementTemplate',
    fields: [
      field('Name', 'text', { required: true }),
      field('ExtTemplateType_SDK', 'dict', { dict: 'TemplateType', required: true }),
      field('ExtTemplateVersion_SDK', 'text', { required: true }),
      field('ExtTemplateStatus_SDK', 'dict', { dict: 'TemplateStatus' }),
      field('StartDate', 'date'),
      field('EndDate', 'date'),
      field('FileName', 'file', { required: true, span: 2 }),
      field('Remark', 'longText', { span: 2 }),
      field('CreatedBy', 'text', { readOnly: true }),
      field('CreationOn', 'dateTime', { readOnly: true }),
      field('ModifiedOn', 'dateTime', { readOnly: true }),
    ],
  },
});
