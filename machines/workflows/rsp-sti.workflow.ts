import { StiStatus } from '../../domain/codes/sales-tasks.codes';
import { ROLE } from '../../domain/roles';
import { type StiReviewContext, type StiReviewInput, stiReviewWorkflow } from './sti-review.builder';

export type RspStiInput = StiReviewInput;
export type RspStiContext = StiReviewContext;

/** StiStatus of each state (dictionary StiStatus). */
export const STI_STATUS: Record<string, string> = {
  calculated: StiStatus.awaitingConfirmation,
  reviewed: StiStatus.confirmed,
  posted: StiStatus.posted,
  returned: StiStatus.returned,
};

/**
 * An RSP's STI for one closed quarter of its approved line (notes §6.4, docs/sales-tasks.md "STI"):
 * calculated from what it achieved once the quarter is over, reviewed by the executive and posted to
 * its rebate account by the channel department — or returned with a reason and calculated again.
 * Whoever calculated the figures neither reviews nor posts them.
 */
export const { machine: rspStiWorkflow, declaration: rspStiDeclaration } = stiReviewWorkflow({
  name: 'rspStiReview',
  // Opening an STI is calculating it: HQ opens a closed quarter of an approved line and its figures
  // come with it, so no state waits before them.
  calculatedDescription:
    'Calculated from what the RSP achieved on the line’s brand in the quarter; the executive reviews the figures, whoever calculated them does not.',
  reviewedDescription:
    'The channel department posts it to the RSP’s rebate account; whoever calculated it does not.',
  postDescription: 'One STI flow on the RSP’s rebate account of the line’s brand, naming the STI.',
  subject: { resource: 'rspSti', streams: 'onePerSubject' },
  /** 2: opening an STI calculates it; no stream waits in a state of its own before its figures. */
  version: 2,
  projection: (snapshot) => {
    const context = snapshot.context as RspStiContext;
    return {
      StiStatus: STI_STATUS[String(snapshot.value)] ?? null,
      ReturnReason: String(snapshot.value) === 'returned' ? (context.reason ?? null) : null,
      CalculatedBy: context.calculatedBy?.name ?? null,
      ...(context.figures ?? {}),
    };
  },
  example: {
    input: { applicant: { id: 'dept-1', name: 'Zhou (channel department)', role: ROLE.channelDepartment } },
    actors: [
      { id: 'dept-1', name: 'Zhou (channel department)', role: ROLE.channelDepartment },
      { id: 'dept-2', name: 'Feng (channel department)', role: ROLE.channelDepartment },
      { id: 'vp-1', name: 'Zheng (executive)', role: ROLE.executive },
      { id: 'vp-2', name: 'Wu (executive)', role: ROLE.executive },
      { id: 'admin-1', name: 'Admin', role: ROLE.systemAdmin },
      { id: 'prov-1', name: 'Li (province manager)', role: ROLE.provinceManager },
    ],
  },
});
