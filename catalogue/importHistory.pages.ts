import { col, definePages, filter } from './define';

/** SPEC §2 "Upload history": every spreadsheet upload (stock reports, shipments, tasks) and its outcome. */
export const importHistoryPages = definePages('importHistory', {
  list: {
    kind: 'list',
    path: '/import-history/list',
    resource: 'importHistory',
    columns: [
      col.file('FileName'),
      col.dict('ImportType', 'ImportType'),
      col.text('ReportPeriod'),
      col.number('TotalCount'),
      col.number('SuccessCount'),
      col.number('FailCount'),
      col.dict('UploadResult', 'UploadResult'),
      col.file('ErrorFile'),
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
});
