import { describe, expect, it } from 'vitest';
import { decidesNow } from '../../machines/workflows/approval.workflow';
import {
  addMonths,
  type CustomerFacts,
  changeEffect,
  changeProblem,
} from '../../machines/workflows/customer-change.rules';
import { renewalReminders } from '../../server/customers/renewal-reminders';
import { type Employee, pickConfig, stepsOf } from '../../server/workflows/chains';

const rows = [
  {
    ExtProcessType_SDK: '121',
    ExtChannelSmallType_SDK: 'RSP',
    ProvinceName: null,
    firstName: 'a',
    Enabled: true,
  },
  {
    ExtProcessType_SDK: '121',
    ExtChannelSmallType_SDK: 'RSP',
    ProvinceName: '江苏省',
    firstName: 'b',
    Enabled: true,
  },
  {
    ExtProcessType_SDK: '121',
    ExtChannelSmallType_SDK: 'RSP',
    ProvinceName: '浙江省',
    firstName: 'c',
    Enabled: false,
  },
  {
    ExtProcessType_SDK: '131',
    ExtChannelSmallType_SDK: 'CCP',
    ProvinceName: '浙江省',
    firstName: 'd',
    Enabled: true,
  },
];
const employees: Employee[] = [
  { id: 'e1', username: 'channel', lastName: '王渠道', roleCode: 'JS010' },
  { id: 'e2', username: 'vp', lastName: '郑副总', roleCode: 'JS017' },
  { id: 'e3', username: 'li1', lastName: '李明', roleCode: 'JS012' },
  { id: 'e4', username: 'li2', lastName: '李明', roleCode: 'JS012' },
];

describe('chainFor: which configuration governs a process', () => {
  it('prefers the province row, falls back to the row without province, ignores disabled rows', () => {
    expect(pickConfig(rows, '121', 'RSP', ['江苏省', 'Jiangsu'])?.firstName).toBe('b');
    expect(pickConfig(rows, '121', 'RSP', ['浙江省', 'Zhejiang'])?.firstName).toBe('a');
    expect(pickConfig(rows, '121', 'CCP', ['江苏省'])).toBeUndefined();
    expect(pickConfig(rows, '131', 'CCP', ['江苏省'])).toBeUndefined();
  });

  it('turns the approvers picked by name (or login) into named steps with their roles, in order', () => {
    expect(stepsOf({ firstName: '王渠道', thirdName: 'vp' }, employees)).toEqual([
      { role: 'JS010', approver: 'e1', approverName: '王渠道' },
      { role: 'JS017', approver: 'e2', approverName: '郑副总' },
    ]);
  });

  it('refuses a name that is not exactly one employee, naming it', () => {
    expect(() => stepsOf({ firstName: '李明' }, employees)).toThrowError('approverUnknown');
    expect(() => stepsOf({ firstName: '无此人' }, employees)).toThrowError('approverUnknown');
    expect(stepsOf({ firstName: 'li2' }, employees)).toEqual([
      { role: 'JS012', approver: 'e4', approverName: '李明' },
    ]);
  });

  it('lets only the named person decide a named step, any holder of the role an unnamed one', () => {
    const context = { chain: ['JS011', { role: 'JS010', approver: 'e1' }], node: 1 };
    expect(decidesNow(context, { id: 'e1', name: '', role: 'JS010' })).toBe(true);
    expect(decidesNow(context, { id: 'e9', name: '', role: 'JS010' })).toBe(false);
    expect(decidesNow({ ...context, node: 0 }, { id: 'x', name: '', role: 'JS011' })).toBe(true);
    expect(decidesNow({ ...context, forwardedTo: 'e9' }, { id: 'e9', name: '', role: 'JS010' })).toBe(true);
  });
});

const facts = (over: Partial<CustomerFacts> = {}): CustomerFacts => ({
  channelType: 'RSP',
  status: '161',
  dependants: 0,
  seniorCertified: false,
  blacklistEndDate: null,
  today: '2026-05-01',
  ...over,
});

describe('the conversion guard and the other application rules', () => {
  it('refuses an RSP that supplies CCPs becoming a CCP, with the count', () => {
    expect(changeProblem('conversion', { to: 'CCP' }, facts({ dependants: 3 }))).toEqual({
      key: 'server.customerWorkflow.hasDependants',
      params: { count: 3 },
    });
    expect(changeProblem('conversion', { to: 'CCP' }, facts())).toBeNull();
    expect(
      changeProblem('conversion', { to: 'RSP' }, facts({ channelType: 'CCP', dependants: 3 })),
    ).toBeNull();
    expect(changeProblem('conversion', { to: 'RSP' }, facts())?.key).toBe(
      'server.customerWorkflow.sameChannel',
    );
    expect(changeProblem('conversion', { to: 'RSP' }, facts({ channelType: null }))?.key).toBe(
      'server.customerWorkflow.notAnAgent',
    );
  });

  it('needs a reason and at least 180 days to blacklist, and keeps a blacklisting until its end', () => {
    expect(changeProblem('blacklist', { days: 365 }, facts())?.key).toBe(
      'server.customerWorkflow.reasonRequired',
    );
    expect(changeProblem('blacklist', { reason: '假冒', days: 179 }, facts())?.key).toBe(
      'server.customerWorkflow.blacklistTooShort',
    );
    expect(
      changeEffect('blacklist', { reason: '假冒', days: 180 }, { ...facts(), agreementEndDate: null }).data,
    ).toMatchObject({ ExtBlacklistStartDate_SDK: '2026-05-01', ExtBlacklistEndDate_SDK: '2026-10-28' });
    const blacklisted = facts({ status: '191', blacklistEndDate: '2026-10-28' });
    expect(changeProblem('reinstatement', {}, blacklisted)?.key).toBe(
      'server.customerWorkflow.blacklistRunning',
    );
    expect(changeProblem('reinstatement', {}, { ...blacklisted, today: '2026-10-28' })).toBeNull();
  });

  it('renews from the running end date, or from today once expired', () => {
    const running = changeEffect(
      'renewal',
      { termMonths: 12 },
      { ...facts(), agreementEndDate: '2026-06-30' },
    );
    expect(running.data.ExtAgreementEndDate_SDK).toBe('2027-06-30');
    const expired = changeEffect(
      'renewal',
      { termMonths: 24 },
      { ...facts(), agreementEndDate: '2025-01-31' },
    );
    expect(expired.data.ExtAgreementEndDate_SDK).toBe('2028-05-01');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(changeProblem('renewal', { termMonths: 7 }, facts())?.key).toBe('server.customerWorkflow.badTerm');
  });

  it('reminds at T−30/60/90 days, soonest first, only cooperating agents with a running agreement', () => {
    const agents = [
      { id: 'a', ExtAgreementEndDate_SDK: '2026-07-20', ExtCustomerStatus_SDK: '161' },
      { id: 'b', ExtAgreementEndDate_SDK: '2026-05-10', ExtCustomerStatus_SDK: '171' },
      { id: 'c', ExtAgreementEndDate_SDK: '2026-06-15', ExtCustomerStatus_SDK: '161' },
      { id: 'd', ExtAgreementEndDate_SDK: '2026-05-10', ExtCustomerStatus_SDK: '181' },
      { id: 'e', ExtAgreementEndDate_SDK: '2026-04-30', ExtCustomerStatus_SDK: '161' },
      { id: 'f', ExtAgreementEndDate_SDK: '2026-09-30', ExtCustomerStatus_SDK: '161' },
    ];
    expect(renewalReminders(agents, '2026-05-01').map((a) => [a.id, a.ReminderWindow, a.DaysLeft])).toEqual([
      ['b', 30, 9],
      ['c', 60, 45],
      ['a', 90, 80],
    ]);
  });
});
