import type { kitExport as zh } from '../zh/kit-export';

export const kitExport: typeof zh = {
  export: 'Export',
  countdown: 'Export ({{seconds}}s)',
  exportLog: 'Export log',
  started: 'Exporting the file; open the export log to download it shortly',
  emptyUrl: 'The export address is empty; the file cannot be downloaded',
  downloadFailed: 'The file could not be downloaded!',
  logTitle: 'Export log',
  columns: {
    configName: 'Export',
    status: 'Status',
    createName: 'Created by',
    createdTime: 'Created at',
    progress: 'Progress',
    file: 'File',
  },
  progress: '{{done}} / {{total}} rows',
  rows: '{{total}} rows',
  download: 'Download',
  refresh: 'Refresh',
  empty: 'No exports yet',
  loadFailed: 'The export log could not be loaded: {{message}}',
  previous: 'Previous',
  next: 'Next',
  page: 'Page {{page}} of {{pages}}',
};
