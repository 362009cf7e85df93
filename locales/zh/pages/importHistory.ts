export const importHistory = {
  pages: {
    list: '上传历史',
  },
  fields: {
    importHistory: {
      FileName: '上传文件',
      ImportType: '上传类型',
      ReportPeriod: '数据期间',
      TotalCount: '总条数',
      SuccessCount: '成功条数',
      FailCount: '失败条数',
      UploadResult: '上传结果',
      ErrorFile: '错误明细',
      UploaderName: '上传人',
      UploaderCode: '上传人',
      CreationOn: '上传时间',
    },
  },
};
