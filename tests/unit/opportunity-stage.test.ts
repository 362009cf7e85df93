import { describe, expect, it } from 'vitest';
import { ProcurementMethod } from '../../domain/codes/opportunities.codes';
import {
  ALL_STAGES,
  bidResultRequires,
  endCustomerKey,
  OPEN_STAGES,
  OPPORTUNITY_STATUS,
  STAGE_INVALID,
  STAGE_LOST,
  STAGE_WON,
  stageEditable,
  stageFits,
} from '../../machines/workflows/opportunity-stage.rules';

/**
 * DOMAIN.md "Opportunities": stage and registration status are separate and never contradict each
 * other. Every status is paired with every stage, against the rule written out as a table.
 */
const open = new Set<string>(OPEN_STAGES);
const expected: Record<string, (stage: string) => boolean> = {
  draft: (s) => open.has(s),
  submitted: (s) => open.has(s),
  conflict: (s) => open.has(s),
  protected: (s) => open.has(s),
  atRisk: (s) => open.has(s),
  won: (s) => s === STAGE_WON,
  closed: (s) => s === STAGE_LOST || s === STAGE_INVALID,
  expired: (s) => s !== STAGE_WON,
  released: (s) => s !== STAGE_WON,
  rejected: (s) => s !== STAGE_WON,
  withdrawn: (s) => s !== STAGE_WON,
};

describe('stage and status', () => {
  for (const [state, status] of Object.entries(OPPORTUNITY_STATUS))
    for (const stage of ALL_STAGES)
      it(`${state} (${status}) with stage ${stage}: ${expected[state](stage) ? 'fits' : 'contradicts'}`, () =>
        expect(stageFits(status, stage)).toBe(expected[state](stage)));

  it('lets people move the stage only while the deal runs', () => {
    expect(stageEditable(OPPORTUNITY_STATUS.protected)).toBe(true);
    expect(stageEditable(OPPORTUNITY_STATUS.released)).toBe(false);
    expect(stageEditable(OPPORTUNITY_STATUS.won)).toBe(false);
  });

  it('asks a bid result for tender details only on a tender', () => {
    expect(bidResultRequires(ProcurementMethod.openTender)).toContain('ExtTenderNo_SDK');
    expect(bidResultRequires(ProcurementMethod.invitedTender)).toContain('ExtTenderNo_SDK');
    for (const method of [
      ProcurementMethod.competitiveNegotiation,
      ProcurementMethod.competitiveConsultation,
      ProcurementMethod.singleSource,
      ProcurementMethod.requestForQuotation,
      ProcurementMethod.frameworkAgreement,
      ProcurementMethod.directPurchase,
      undefined,
    ])
      expect(bidResultRequires(method)).toEqual([]);
  });

  it('takes one end customer however its name is spaced, cased or bracketed', () => {
    expect(endCustomerKey(' Nanjing  No.1 (Group) Hospital')).toBe(
      endCustomerKey('nanjing no1（group）hospital'),
    );
    expect(endCustomerKey('Nanjing Hospital')).not.toBe(endCustomerKey('Suzhou Hospital'));
  });
});
