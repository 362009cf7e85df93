import { describe, expect, it } from 'vitest';
import { pageById, pages } from '../../catalogue/catalogue';
import { lockOf } from '../../catalogue/define';
import { VisitStatus } from '../../domain/codes/activity.codes';
import { LoanStatus } from '../../domain/codes/loans.codes';
import { TaskApprovalStatus } from '../../domain/codes/sales-tasks.codes';
import { ROLE } from '../../domain/roles';
import { translate } from '../../server/http/i18n';
import { LOAN_TERMS } from '../../server/loans/loan-modify.service';
import { dictionarySeeds } from '../../server/reference/dictionaries.data';
import { resourceDef } from '../../server/resources/registry';

/** Every lock by state the catalogue declares, with its page. */
const declared = pages.flatMap((page) => (page.lockedWhile ?? []).map((lock) => ({ page, lock })));

describe('locks by state declared with the pages', () => {
  it('are declared for the workflows whose forms freeze after submission', () => {
    expect(declared.length).toBeGreaterThanOrEqual(10);
  });

  it('name a status dictionary field of their resource, its codes, and fields the page writes', () => {
    const problems: string[] = [];
    for (const { page, lock } of declared) {
      const def = resourceDef(page.resource ?? '');
      const status = def?.fields.get(lock.field);
      if (!def || status?.kind !== 'dict' || !status.dict) {
        problems.push(`${page.id}: ${lock.field} is no dictionary field of ${page.resource}`);
        continue;
      }
      const codes = new Set(
        dictionarySeeds.filter(([code]) => code === status.dict).map(([, , keyword]) => keyword),
      );
      for (const state of lock.states)
        if (!codes.has(state)) problems.push(`${page.id}: ${state} is no ${status.dict} code`);
      for (const field of lock.fields ?? [])
        if (!def.fields.get(field)?.writableIn.has(page.id))
          problems.push(`${page.id}: does not write ${field}`);
      // The refusal names the status by its label, in both languages.
      for (const lang of ['zh', 'en'] as const) {
        const labelled = [`field.${def.name}.${lock.field}`, `field.common.${lock.field}`].some(
          (key) => translate(lang, key) !== key,
        );
        if (!labelled) problems.push(`${page.id}: ${lock.field} has no ${lang} label`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('lock a field only in the declared states, and nothing of a new record', () => {
    const page = pageById('salesTask.rspTaskSplit');
    expect(lockOf(page, 'Remark', { TaskApprovalStatus: TaskApprovalStatus.inApproval })?.field).toBe(
      'TaskApprovalStatus',
    );
    expect(lockOf(page, 'Remark', { TaskApprovalStatus: TaskApprovalStatus.returned })).toBeUndefined();
    expect(lockOf(page, 'Remark', {})).toBeUndefined();
  });

  it('lock a visit’s plan at check-in but leave its minutes open until they are recorded', () => {
    const page = pageById('salesActivity.visitForm');
    const checkedIn = { VisitStatus: VisitStatus.inProgress };
    expect(lockOf(page, 'CustomerName', checkedIn)).toBeDefined();
    expect(lockOf(page, 'CommunicationContent', checkedIn)).toBeUndefined();
    expect(lockOf(page, 'CommunicationContent', { VisitStatus: VisitStatus.completed })).toBeDefined();
  });

  it('leave a saved loan’s form writable only in the terms its modification changes', () => {
    const page = pageById('ordersSetup.loanOrderEdit');
    for (const role of [ROLE.salesOperations, ROLE.rspAgent])
      for (const state of Object.values(LoanStatus)) {
        const writable = (page?.fields ?? [])
          .filter((f) => !f.readOnly && !lockOf(page, f.field, { LoanStatus: state }, role))
          .map((f) => f.field);
        expect(
          writable.filter((name) => !(LOAN_TERMS as readonly string[]).includes(name)),
          state,
        ).toEqual([]);
      }
    // A loan being asked for has no state yet: its type and agent are chosen then.
    expect(lockOf(page, 'AgentName', {})).toBeUndefined();
  });

  it('leave a saved loan’s terms to its applicant only while it is returned to them, to the desk while it is open', () => {
    const page = pageById('ordersSetup.loanOrderEdit');
    const closed: string[] = [LoanStatus.writtenOff, LoanStatus.rejected, LoanStatus.withdrawn];
    for (const state of Object.values(LoanStatus)) {
      const loan = { LoanStatus: state };
      expect(lockOf(page, 'Purpose', loan, ROLE.rspAgent) === undefined, state).toBe(
        state === LoanStatus.draft,
      );
      expect(lockOf(page, 'Purpose', loan, ROLE.salesOperations) === undefined, state).toBe(
        !closed.includes(state),
      );
    }
  });
});
