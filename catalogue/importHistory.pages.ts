import { col, definePages, field, filter } from './define';

/**
 * SPEC §2 "Upload history": every spreadsheet import and its outcome, written by the import itself
 * (server/imports), never by a form; the detail page offers the rejected rows as a file.
 */
export const importHistoryPages = definePages('importHistory', {
  list: {
    kind: 'list',
    path: '/import-history/list',
    resource: 'importHistory',
    columns: [
      col.text('FileName', { opens: 'importHistory.detail' }),
      col.dict('ImportType', 'ImportType'),
      col.text('ReportPeriod'),
      col.number('TotalCount'),
      col.number('SuccessCount'),
      col.number('FailCount'),
      col.dict('UploadResult', 'UploadResult'),
      col.person('UploaderName', 'UploaderCode'),
      col.dateTime('CreationOn', { sortable: true }),
    ],
    filters: [
      filter.text('FileName', true),
      filter.dict('ImportType', 'ImportType', true),
      filter.dateRange('CreationOn', true),
      filter.dict('UploadResult', 'UploadResult'),
      filter.picker('UploaderCode', 'employee'),
    ],
    toolbar: ['refresh'],
    sort: '-CreationOn',
  },
  detail: {
    kind: 'detail',
    path: '/import-history/detail',
    hidden: true,
    parent: 'importHistory.list',
    titleKey: 'imports.historyDetail',
    resource: 'importHistory',
    fields: [
      field('FileName', 'text', { readOnly: true }),
      field('ImportType', 'dict', { dict: 'ImportType', readOnly: true }),
      field('ReportPeriod', 'text', { readOnly: true }),
      field('TotalCount', 'number', { readOnly: true }),
      field('SuccessCount', 'number', { readOnly: true }),
      field('FailCount', 'number', { readOnly: true }),
      field('UploadResult', 'dict', { dict: 'UploadResult', readOnly: true }),
      field('UploaderName', 'text', { readOnly: true }),
      field('CreationOn', 'dateTime', { readOnly: true }),
      field('ErrorFile', 'file', { readOnly: true, span: 2 }),
    ],
  },
});
