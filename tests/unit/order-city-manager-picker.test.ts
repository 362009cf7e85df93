import { describe, expect, it } from 'vitest';
import { pageById } from '../../catalogue/catalogue';
import { pickerParamsOf } from '../../catalogue/define';
import { pickerOf } from '../../machines/kit/pickers';

/** The forms naming a city manager: the order hardware forms and the loan request form. */
const HARDWARE_FORMS = [
  'ordersSetup.selfBuiltOrder',
  'ordersSetup.rspHardwareOrderNew',
  'ordersSetup.loanOrderEdit',
];
const fieldOf = (pageId: string, name: string) => pageById(pageId)?.fields?.find((f) => f.field === name);

describe('the city manager picker of the order and loan forms', () => {
  it('offers city managers of the form’s agent, not every employee', () => {
    for (const pageId of HARDWARE_FORMS) {
      const field = fieldOf(pageId, 'cityManagerName');
      expect(field?.picker, pageId).toBe('cityManager');
      expect(pickerOf(String(field?.picker))?.endpoint).toBe('/orderCityManagerLookup/search');
    }
  });

  it('sends the agent on the form now and the form itself with every search', () => {
    for (const pageId of HARDWARE_FORMS) {
      const field = fieldOf(pageId, 'cityManagerName')!;
      expect(pickerParamsOf(pageId, field, { AgentName: '江苏某代理', EndUserName: '某用户' })).toEqual({
        AgentName: '江苏某代理',
        PageID: pageId,
      });
      // Before an agent is chosen the search says so; the server asks for the agent first.
      expect(pickerParamsOf(pageId, field, {})).toEqual({ AgentName: '', PageID: pageId });
    }
  });

  it('leaves a picker that depends on no other field with its fixed parameters', () => {
    const agent = fieldOf('ordersSetup.selfBuiltOrder', 'AgentName')!;
    expect(pickerParamsOf('ordersSetup.selfBuiltOrder', agent, { AgentName: 'x' })).toBeUndefined();
    const owner = { picker: 'customer', pickerParams: { DealOwner: true } };
    expect(pickerParamsOf('business.x', owner, { AgentName: 'x' })).toEqual({ DealOwner: true });
  });
});
