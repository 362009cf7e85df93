import { describe, expect, it } from 'vitest';
import { pageById, pages } from '../../catalogue/catalogue';
import { pickerParamsOf } from '../../catalogue/define';
import { pickerOf } from '../../machines/kit/pickers';

/** The forms on which an order or a loan names its opportunity: the RSP hardware and loan request forms. */
const FORMS = ['ordersSetup.rspHardwareOrderNew', 'ordersSetup.loanOrderEdit'];
const fieldOf = (pageId: string, name: string) => pageById(pageId)?.fields?.find((f) => f.field === name);

describe('the opportunity picker of the order and loan forms', () => {
  it('offers the deals of the form’s agent, not every deal the person sees', () => {
    for (const pageId of FORMS) {
      const field = fieldOf(pageId, 'OpportunityNo');
      expect(field?.picker, pageId).toBe('agentDeal');
      const picker = pickerOf(String(field?.picker));
      expect(picker?.endpoint).toBe('/orderOpportunityLookup/search');
      // The same rows as the general opportunity picker, and the number is what the field takes.
      expect(picker?.columns).toEqual(pickerOf('opportunity')?.columns);
      const chosen = picker?.returnFn(
        [{ ExtOpportunityNOText_SDK: 'BB202611020001', Name: 'x' }],
        'OpportunityNo',
      );
      expect(chosen).toEqual({ OpportunityNo: 'BB202611020001' });
    }
  });

  it('sends the agent on the form now and the form itself with every search', () => {
    for (const pageId of FORMS) {
      const field = fieldOf(pageId, 'OpportunityNo')!;
      expect(pickerParamsOf(pageId, field, { AgentName: '南京某代理', EndUserName: '某用户' })).toEqual({
        AgentName: '南京某代理',
        PageID: pageId,
      });
      // Before an agent is chosen the search says so: the server answers by who asks.
      expect(pickerParamsOf(pageId, field, {})).toEqual({ AgentName: '', PageID: pageId });
    }
  });

  it('is the picker of an order’s or a loan’s opportunity alone, on a page that holds the agent', () => {
    const fields = pages.flatMap((page) => (page.fields ?? []).map((field) => ({ page, field })));
    const agentDeals = fields.filter(({ field }) => field.picker === 'agentDeal');
    expect(agentDeals.map(({ page }) => page.id)).toEqual(expect.arrayContaining(FORMS));
    for (const { page, field } of agentDeals) {
      expect([page.resource, field.field], page.id).toEqual([
        expect.stringMatching(/^(order|loanOrder)$/),
        'OpportunityNo',
      ]);
      expect(
        page.fields?.some((f) => f.field === 'AgentName'),
        page.id,
      ).toBe(true);
    }
    // Registrations, letters and reports name any deal the person sees, by the general picker.
    const general = fields.filter(({ field }) => field.picker === 'opportunity');
    expect(general.length).toBeGreaterThan(0);
    expect(pickerOf('opportunity')?.endpoint).toBe('/opportunityLookup/search');
  });
});
