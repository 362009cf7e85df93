import type { sheetMessages as zh, sheetGuards as zhGuards } from '../zh/settlement-sheets';

export const sheetGuards: typeof zhGuards = {
  mayVoidSheet: 'finance, with a reason',
};

export const sheetMessages: typeof zh = {
  title: 'Settlement sheet',
  commands: { publish: 'Publish and post', void: 'Void' },
  states: { uploaded: 'Uploaded, not published', published: 'Published and posted', void: 'Void' },
  sameFile:
    'This file was already uploaded as settlement sheet {{no}}: the same file cannot be uploaded again; to correct it, void {{no}} first',
  duplicate:
    'Rebate task {{task}} is already on settlement sheet {{no}}: a duplicate sheet cannot be uploaded; to correct it, void {{no}} first',
  notConfirmed:
    'The settlement of rebate task {{task}} is {{status}}, not confirmed by the agent: only confirmed settlements go on a sheet',
  taskMoved:
    'The settlement of rebate task {{task}} changed after the upload (posted or voided): void this sheet and upload it again',
  problems: {
    noSuchTask: 'there is no rebate task numbered {{task}}',
    taskTwice: 'rebate task {{task}} appears twice on the sheet',
    otherAgent: 'rebate task {{task}} belongs to {{owner}}, not to {{agent}}',
    otherPeriod: 'the assessment period of rebate task {{task}} is {{period}}',
    otherAmount: 'the confirmed payable rebate of task {{task}} is {{payable}}',
    nothingToPost: 'the payable rebate of task {{task}} is 0: nothing to post',
  },
};
