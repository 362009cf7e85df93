import type { models as zh } from '../../zh/pages/models';

export const models: typeof zh = {
  pages: {
    total: 'General distributor agreement templates',
    prov: 'RSP agreement templates',
    city: 'CCP agreement templates',
    all: 'All agreement templates',
    template: 'Agreement template',
  },
  fields: {
    agreementTemplate: {
      Name: 'Template name',
      ExtTemplateType_SDK: 'Template type',
      ExtTemplateStatus_SDK: 'Template status',
      ExtTemplateVersion_SDK: 'Template version',
      FileName: 'Template file',
      StartDate: 'Effective from',
      EndDate: 'Effective until',
    },
  },
};
