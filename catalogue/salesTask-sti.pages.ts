import { col, definePages, field, filter, workflowPanel } from './define';
import type { ColumnDef, FieldDef } from './types';

/**
 * An STI's figures as every STI list shows them after whose quarter it is (an RSP's line, a city
 * manager's task): the same calculation, so the same columns. The attainment sorts only where the
 * list's storage orders it as a number.
 */
export const stiFigureColumns = ({ rateSortable = false } = {}): ColumnDef[] => [
  col.price('TaskAmount'),
  col.price('AchievedAmount'),
  col.percent('AchievementRate', rateSortable ? { sortable: true } : {}),
  col.dict('StiLevel', 'StiLevel'),
  col.price('StiBase'),
  col.price('StiAmount', { sortable: true }),
  col.dict('StiStatus', 'StiStatus'),
];

/** An STI's figures and review as its page shows them, below whose quarter it is. */
export const stiFigureFields: FieldDef[] = [
  field('TaskAmount', 'price', { readOnly: true }),
  field('AchievedAmount', 'price', { readOnly: true }),
  field('AchievementRate', 'percent', { readOnly: true }),
  field('StiLevel', 'dict', { dict: 'StiLevel', readOnly: true }),
  field('StiBase', 'price', { readOnly: true }),
  field('StiAmount', 'price', { readOnly: true }),
  field('StiStatus', 'dict', { dict: 'StiStatus', readOnly: true }),
  field('CalculatedBy', 'text', { readOnly: true }),
  field('ReturnReason', 'longText', { readOnly: true, span: 2 }),
];

/**
 * An RSP's STI of a closed quarter (docs/sales-tasks.md "STI"): calculated from the RSP line's page,
 * reviewed by the executive and posted to the RSP's rebate account by the channel department, each
 * step by someone other than whoever calculated it. The list is the to-do of both.
 */
export const salesTaskStiPages = definePages('salesTask', {
  rspSti: {
    kind: 'list',
    path: '/salesTask/rsp-sti',
    resource: 'rspSti',
    inbox: 'rspStiReview',
    columns: [
      col.text('StiNo', { sortable: true, opens: 'salesTask.rspStiDetail' }),
      col.text('AgentName', { sortable: true }),
      col.text('ProvinceName'),
      col.text('Year', { sortable: true }),
      col.text('Quarter', { sortable: true }),
      col.dict('Brand', 'Brand'),
      col.dict('IndicatorType', 'TaskIndicatorType'),
      ...stiFigureColumns(),
    ],
    filters: [
      filter.picker('AgentName', 'customer', true),
      filter.text('Year', true),
      filter.text('Quarter'),
      filter.dict('StiStatus', 'StiStatus'),
    ],
    sort: '-Year',
  },
  rspStiDetail: {
    kind: 'detail',
    path: '/salesTask/rsp-sti-detail',
    hidden: true,
    parent: 'salesTask.rspSti',
    resource: 'rspSti',
    workflow: workflowPanel.decisions('rspStiReview'),
    fields: [
      field('StiNo', 'text', { readOnly: true }),
      field('AgentName', 'text', { readOnly: true }),
      field('ProvinceName', 'text', { readOnly: true }),
      field('Year', 'text', { readOnly: true }),
      field('Quarter', 'text', { readOnly: true }),
      field('Brand', 'dict', { dict: 'Brand', readOnly: true }),
      field('IndicatorType', 'dict', { dict: 'TaskIndicatorType', readOnly: true }),
      ...stiFigureFields,
      field('PostedFlowNo', 'text', { readOnly: true }),
    ],
  },
});
