import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { pageById } from '../../catalogue/catalogue';
import { mayEditCell } from '../../catalogue/define';
import { LoanStatus } from '../../domain/codes/loans.codes';
import {
  DeliveryStatus,
  OrderApprovalStatus,
  OrderChannel as OrderChannels,
  SyncStatus,
} from '../../domain/codes/orders.codes';
import { TaskApprovalStatus } from '../../domain/codes/sales-tasks.codes';
import { LOAN_APPLICANTS, LOAN_DESK, ROLE } from '../../domain/roles';
import { tableMachine } from '../../machines/kit/table.machine';
import type { WireRecord } from '../../services/resource.service';

/**
 * A list offers a cell for editing only in the states its save is taken in for the reader's role
 * (`mayEditCell`, the page's `lockedWhile`, the declaration the server refuses the write by): the loan
 * terms list to the desk while the loan is open and to its applicant while it is returned to them (its
 * extension the desk's alone), the city manager tasks before approval, the receiver while something is
 * left to ship, and never a synced order's deal number.
 */
const page = (id: string) => {
  const found = pageById(id);
  if (!found) throw new Error(`no page ${id}`);
  return found;
};
const loanTerms = page('ordersSetup.loanOrderModify');
const TERMS = ['EndUserName', 'ExpectedReturnDate', 'ExtendedTo', 'Purpose'];
const CLOSED: string[] = [LoanStatus.writtenOff, LoanStatus.rejected, LoanStatus.withdrawn];
/** Those who ask for loans and are not the desk: the agent's staff. */
const APPLICANTS = LOAN_APPLICANTS.filter((role) => !LOAN_DESK.includes(role));

describe('the loan terms list', () => {
  it('offers the desk the terms of a loan that is open and none of one written off, rejected or withdrawn', () => {
    for (const role of LOAN_DESK)
      for (const status of Object.values(LoanStatus))
        for (const field of TERMS)
          expect(mayEditCell(loanTerms, field, { LoanStatus: status }, role), `${field} at ${status}`).toBe(
            !CLOSED.includes(status),
          );
  });

  it('offers the agent’s staff the terms only while the loan is returned to them, and never its extension', () => {
    expect(APPLICANTS).toContain(ROLE.rspAgent);
    for (const role of APPLICANTS)
      for (const status of Object.values(LoanStatus))
        for (const field of TERMS)
          expect(
            mayEditCell(loanTerms, field, { LoanStatus: status }, role),
            `${field} at ${status} as ${role}`,
          ).toBe(status === LoanStatus.draft && field !== 'ExtendedTo');
    // Nor to a reader whose role is not known.
    expect(mayEditCell(loanTerms, 'Purpose', { LoanStatus: LoanStatus.onLoan })).toBe(false);
  });

  it('offers no cell its columns do not edit, whatever the state', () => {
    const onLoan = { LoanStatus: LoanStatus.onLoan };
    expect(mayEditCell(loanTerms, 'LoanType', onLoan, ROLE.salesOperations)).toBe(false);
    expect(mayEditCell(loanTerms, 'AgentName', onLoan, ROLE.salesOperations)).toBe(false);
  });

  const rows: WireRecord[] = [
    { ObjectID: 'open', Version: 1, LoanStatus: LoanStatus.onLoan, Purpose: 'POC' },
    { ObjectID: 'closed', Version: 3, LoanStatus: LoanStatus.writtenOff, Purpose: 'POC' },
    { ObjectID: 'returned', Version: 2, LoanStatus: LoanStatus.draft, Purpose: 'Demo' },
  ];
  const tableAs = async (role: string) => {
    const table = createActor(
      tableMachine.provide({
        actors: {
          fetchPage: fromPromise(async () => ({ rows, total: rows.length })),
          loadDictionaries: fromPromise(async () => ({})),
        },
      }),
      { input: { initial: {}, dictionaryCodes: [], cells: loanTerms, role } },
    ).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(table.getSnapshot().matches({ data: 'ready' })).toBe(true);
    return table;
  };

  it.each([
    { who: 'the desk’s', role: ROLE.salesOperations, shut: 'closed', open: 'open', value: 'POC' },
    { who: 'the applicant’s', role: ROLE.rspAgent, shut: 'open', open: 'returned', value: 'Demo' },
  ])('opens $who editor on the $open row and not on the $shut one', async ({ role, shut, open, value }) => {
    const table = await tableAs(role);
    table.send({ type: 'cell.edit', objectId: shut, field: 'Purpose' });
    expect(table.getSnapshot().matches({ data: 'ready' }), `the ${shut} loan’s cell stays shut`).toBe(true);
    expect(table.getSnapshot().context.edit).toBeUndefined();
    table.send({ type: 'cell.edit', objectId: open, field: 'Purpose' });
    expect(table.getSnapshot().matches({ data: 'editingCell' })).toBe(true);
    expect(table.getSnapshot().context.edit).toEqual({ objectId: open, field: 'Purpose', value });
  });
});

describe('the synced orders list', () => {
  it('shows a synced order’s deal number without offering it, in any state', () => {
    const synced = page('ordersSetup.syncedOrders');
    // Whatever the row says of itself: its line, its approval, how its sync went.
    for (const OrderChannel of [OrderChannels.partnerLine, undefined])
      for (const ApprovalStatus of Object.values(OrderApprovalStatus))
        for (const SynchState of [...Object.values(SyncStatus), undefined])
          expect(mayEditCell(synced, 'OpportunityNo', { OrderChannel, ApprovalStatus, SynchState })).toBe(
            false,
          );
    expect(synced.columns?.map((c) => c.field)).toContain('OpportunityNo');
  });
});

describe('the city manager tasks list', () => {
  it('offers a task’s figures until its package goes for approval', () => {
    const tasks = page('salesTask.cityManagerTaskApproval');
    const at = (TaskApprovalStatus: string) => mayEditCell(tasks, 'AnnualTask', { TaskApprovalStatus });
    expect(at(TaskApprovalStatus.notSubmitted)).toBe(true);
    expect(at(TaskApprovalStatus.returned)).toBe(true);
    expect(at(TaskApprovalStatus.inApproval)).toBe(false);
    expect(at(TaskApprovalStatus.approved)).toBe(false);
  });
});

describe('the delivery information list', () => {
  it('offers the receiver while something of the order is left to ship, and nothing once all is shipped', () => {
    const info = page('ordersSetup.deliveryInfoConfirm');
    for (const field of ['ReceiverName', 'ReceiverAddress', 'RequiredDeliveryDate']) {
      expect(mayEditCell(info, field, { DeliveryStatus: DeliveryStatus.notShipped })).toBe(true);
      expect(mayEditCell(info, field, { DeliveryStatus: DeliveryStatus.partlyShipped })).toBe(true);
      expect(mayEditCell(info, field, { DeliveryStatus: DeliveryStatus.shipped })).toBe(false);
      expect(mayEditCell(info, field, { DeliveryStatus: DeliveryStatus.received })).toBe(false);
    }
  });
});
