import type { importHistory as zh } from '../../zh/pages/importHistory';

export const importHistory: typeof zh = {
  pages: {
    list: 'Upload history',
  },
  fields: {
    importHistory: {
      FileName: 'Uploaded file',
      ImportType: 'Upload type',
      ReportPeriod: 'Data period',
      TotalCount: 'Rows',
      SuccessCount: 'Accepted',
      FailCount: 'Rejected',
      UploadResult: 'Result',
      ErrorFile: 'Error details',
      UploaderName: 'Uploaded by',
      UploaderCode: 'Uploaded by',
      CreationOn: 'Uploaded on',
    },
  },
};
