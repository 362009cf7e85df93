export const models = {
  pages: {
    total: '总代协议模板',
    prov: '省级代理（RSP）协议模板',
    city: '城市代理（CCP）协议模板',
    all: '全部协议模板',
    template: '协议模板',
  },
  fields: {
    agreementTemplate: {
      Name: '模板名称',
      ExtTemplateType_SDK: '模板类型',
      ExtTemplateStatus_SDK: '模板状态',
      ExtTemplateVersion_SDK: '模板版本',
      FileName: '模板文件',
      StartDate: '生效日期',
      EndDate: '失效日期',
    },
  },
};
