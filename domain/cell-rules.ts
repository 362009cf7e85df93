import { CommitmentLetterQuantity } from './codes/opportunities.codes';
import { OrderChannel, SyncStatus } from './codes/orders.codes';
import { TaskApprovalStatus } from './codes/sales-tasks.codes';
/**
 * SPEC §4 table cell rules, shared by every table: which rows lock their cells, and what the
 * commitment-letter cell shows.
 */
export type CellLock = 'none' | 'lockedText' | 'lockedEditable';

type Row = Record<string, unknown>;

const isSet = (value: unknown) => value !== undefined && value !== null && value !== '';

// SPEC §4: a task line in approval or approved keeps its editable cells locked.
const LOCKING_APPROVAL: string[] = [TaskApprovalStatus.inApproval, TaskApprovalStatus.approved];

export function cellLockOf(row: Row): CellLock {
  // Rows of the partner's line (OrderChannel 111) are the partner's data: shown, never edited.
  if (String(row.OrderChannel ?? '') === OrderChannel.partnerLine) return 'lockedText';
  if (row.SynchState === SyncStatus.success) return 'lockedEditable';
  if (LOCKING_APPROVAL.includes(String(row.TaskApprovalStatus ?? ''))) return 'lockedEditable';
  return 'none';
}

export type CommitmentLetterCell = { kind: 'link'; url: string } | { kind: 'picker' } | { kind: 'none' };

/**
 * When bidderQuantity is set and not 0 and commitmentLetterQuantity is set and not 101: 102 shows a
 * link to the letter, any other value a picker; otherwise '--'.
 */
export function commitmentLetterCell(row: Row): CommitmentLetterCell {
  const bidders = row.bidderQuantity;
  const quantity = row.commitmentLetterQuantity;
  if (
    !isSet(bidders) ||
    Number(bidders) === 0 ||
    !isSet(quantity) ||
    String(quantity) === CommitmentLetterQuantity.notRequired
  )
    return { kind: 'none' };
  if (String(quantity) === CommitmentLetterQuantity.issued)
    return { kind: 'link', url: String(row.commitmentLetterUrl ?? '') };
  return { kind: 'picker' };
}
