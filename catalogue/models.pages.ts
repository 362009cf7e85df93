import { col, definePages, filter } from './define';
import type { ColumnDef, FilterDef } from './types';

/** An agreement template is a versioned file; only one version per type is enabled at a time. */
const templateColumns: ColumnDef[] = [
  col.text('Name', { sortable: true }),
  col.dict('ExtTemplateType_SDK', 'TemplateType'),
  col.text('Version'),
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
  filter.text('Version'),
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
    fixed: { ExtTemplateType_SDK: '101' },
    columns: templateColumns,
    filters: templateFilters,
    toolbar: ['create', 'batchDelete'],
    sort: '-CreationOn',
  },
  prov: {
    kind: 'list',
    path: '/models/prov',
    resource: 'agreementTemplate',
    fixed: { ExtTemplateType_SDK: '111' },
    columns: templateColumns,
    filters: templateFilters,
    toolbar: ['create', 'batchDelete'],
    sort: '-CreationOn',
  },
  city: {
    kind: 'list',
    path: '/models/city',
    resource: 'agreementTemplate',
    fixed: { ExtTemplateType_SDK: '121' },
    columns: templateColumns,
    filters: templateFilters,
    toolbar: ['create', 'batchDelete'],
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
    sort: '-CreationOn',
  },
});
