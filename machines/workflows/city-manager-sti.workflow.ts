import { StiStatus } from '../../domain/codes/sales-tasks.codes';
import { ROLE } from '../../domain/roles';
import { type StiReviewContext, type StiReviewInput, stiReviewWorkflow } from './sti-review.builder';

/** Who pressed calculate first: the stream begins with that command. */
export type CityManagerStiInput = StiReviewInput;
export type CityManagerStiContext = StiReviewContext;

/** StiStatus of each state (dictionary StiStatus): the words the STI_1/STI_2 lists show. */
export const CITY_MANAGER_STI_STATUS: Record<string, string> = {
  due: StiStatus.awaitingCalculation,
  calculated: StiStatus.awaitingConfirmation,
  reviewed: StiStatus.confirmed,
  posted: StiStatus.posted,
  returned: StiStatus.returned,
};

/**
 * A city manager's STI of one closed quarter of an approved city-manager task (STI_1 for the sell-in
 * tasks, STI_2 for the others; docs/sales-tasks.md "STI"): the same review as an RSP's — HQ calculates
 * it, the executive reviews the figures, the channel department posts it, or it is returned with a
 * reason and calculated again; whoever calculated it neither reviews nor posts it. A city manager is
 * staff, so posting hands the amount to payroll: it writes no rebate ledger flow.
 */
export const { machine: cityManagerStiWorkflow, declaration: cityManagerStiDeclaration } = stiReviewWorkflow({
  name: 'cityManagerStiReview',
  due: {
    description:
      'The quarter is over and the task was approved before it began: HQ calculates the STI from what the city manager achieved.',
  },
  calculatedDescription: 'The executive reviews the figures; whoever calculated them does not.',
  reviewedDescription: 'The channel department posts it for payroll; whoever calculated it does not.',
  postDescription: 'Handed to payroll: a city manager’s STI is pay, not a rebate.',
  // The subject is the STI_1/STI_2 row of a task and quarter (view sti_task), which reads its status
  // and frozen figures from this stream: nothing is mirrored onto it.
  subject: { resource: 'stiTask', streams: 'onePerSubject' },
  version: 1,
  example: {
    input: { applicant: { id: 'dept-1', name: 'Zhou (channel department)', role: ROLE.channelDepartment } },
    actors: [
      { id: 'dept-1', name: 'Zhou (channel department)', role: ROLE.channelDepartment },
      { id: 'dept-2', name: 'Feng (channel department)', role: ROLE.channelDepartment },
      { id: 'vp-1', name: 'Zheng (executive)', role: ROLE.executive },
      { id: 'admin-1', name: 'Admin', role: ROLE.systemAdmin },
      { id: 'prov-1', name: 'Li (province manager)', role: ROLE.provinceManager },
    ],
  },
});
