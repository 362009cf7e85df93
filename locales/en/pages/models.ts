import type { models as zh } from '../../zh/pages/models';

export const models: typeof zh = {
  pages: {
    total: 'General distributor agreement templates',
    prov: 'RSP agreement templates',
    city: 'CCP agreement templates',
    all: 'All agreement templates',
  },
  fields: {
    agreementTemplate: {
      Name: 'Template name',
      ExtTemplateType_SDK: 'Template type',
      ExtTemplateStatus_SDK: 'Template status',
      FileName: 'Template file',
      StartDate: 'Effective from',
      EndDate: 'Effective until',
    },
  },
};
