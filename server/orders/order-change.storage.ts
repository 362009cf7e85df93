import { NUMBER_PREFIX } from '../../domain/numbering';
import { col } from '../resources/column';
import type { Storage } from '../resources/storage';

/**
 * Where order changes live (migration 027): one row per change with the lines it proposes; the lists
 * filter and sort on its number, order, status and amounts, which have columns of their own.
 */
export const orderChangeStorages = {
  orderChange: {
    table: 'order_change',
    columns: {
      ChangeNo: col('change_no'),
      OrderID: col('order_id', 'uuid'),
      OrderNo: col('order_no'),
      RevisionNo: col('revision_no'),
      AgentName: col('agent_name'),
      ChangeType: col('change_type'),
      ChangeStatus: col('change_status'),
      AmountBefore: col('amount_before', 'numeric'),
      AmountAfter: col('amount_after', 'numeric'),
      AmountDifference: col('amount_difference', 'numeric'),
    },
    number: { field: 'ChangeNo', prefix: NUMBER_PREFIX.orderChange },
    defaultSort: '-CreationOn',
    keywordFields: ['ChangeNo', 'OrderNo', 'RevisionNo', 'AgentName'],
  },
} satisfies Record<string, Omit<Storage, 'shared'>>;
