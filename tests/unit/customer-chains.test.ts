import { describe, expect, it } from 'vitest';
import { ChannelType, CustomerProcessType, CustomerStatus } from '../../domain/codes/customers.codes';
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
    ExtProcessType_SDK: CustomerProcessType.renewal,
    ExtChannelSmallType_SDK: ChannelType.rsp,
    ProvinceName: null,
    firstName: 'a',
    Enabled: true,
  },
  {
    ExtProcessType_SDK: CustomerProcessType.renewal,
    ExtChannelSmallType_SDK: ChannelType.rsp,
    ProvinceName: '江苏省',
    firstName: 'b',
    Enabled: true,
  },
  {
    ExtProcessType_SDK: CustomerProcessType.renewal,
    ExtChannelSmallType_SDK: ChannelType.rsp,
    ProvinceName: '浙江省',
    firstName: 'c',
    Enabled: false,
  },
  {
    ExtProcessType_SDK: CustomerProcessType.seniorCertification,
    ExtChannelSmallType_SDK: ChannelType.ccp,
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
    expect(
      pickConfig(rows, CustomerProcessType.renewal, ChannelType.rsp, ['江苏省', 'Jiangsu'])?.firstName,
    ).toBe('b');
    expect(
      pickConfig(rows, CustomerProcessType.renewal, ChannelType.rsp, ['浙江省', 'Zhejiang'])?.firstName,
    ).toBe('a');
    expect(pickConfig(rows, CustomerProcessType.renewal, ChannelType.ccp, ['江苏省'])).toBeUndefined();
    expect(
      pickConfig(rows, CustomerProcessType.seniorCertification, ChannelType.ccp, ['江苏省']),
    ).toBeUndefined();
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
  channelType: ChannelType.rsp,
  status: CustomerStatus.active,
  dependants: 0,
  seniorCertified: false,
  blacklistEndDate: null,
  today: '2026-05-01',
  ...over,
});

describe('the conversion guard and the other application rules', () => {
  it('refuses an RSP that supplies CCPs becoming a CCP, with the count', () => {
    expect(changeProblem('conversion', { to: ChannelType.ccp }, facts({ dependants: 3 }))).toEqual({
      key: 'server.customerWorkflow.hasDependants',
      params: { count: 3 },
    });
    expect(changeProblem('conversion', { to: ChannelType.ccp }, facts())).toBeNull();
    expect(
      changeProblem(
        'conversion',
        { to: ChannelType.rsp },
        facts({ channelType: ChannelType.ccp, dependants: 3 }),
      ),
    ).toBeNull();
    expect(changeProblem('conversion', { to: ChannelType.rsp }, facts())?.key).toBe(
      'server.customerWorkflow.sameChannel',
    );
    expect(changeProblem('conversion', { to: ChannelType.rsp }, facts({ channelType: null }))?.key).toBe(
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
    const blacklisted = facts({ status: CustomerStatus.blacklisted, blacklistEndDate: '2026-10-28' });
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
      { id: 'a', ExtAgreementEndDate_SDK: '2026-07-20', ExtCustomerStatus_SDK: CustomerStatus.active },
      { id: 'b', ExtAgreementEndDate_SDK: '2026-05-10', ExtCustomerStatus_SDK: CustomerStatus.renewalDue },
      { id: 'c', ExtAgreementEndDate_SDK: '2026-06-15', ExtCustomerStatus_SDK: CustomerStatus.active },
      { id: 'd', ExtAgreementEndDate_SDK: '2026-05-10', ExtCustomerStatus_SDK: CustomerStatus.suspended },
      { id: 'e', ExtAgreementEndDate_SDK: '2026-04-30', ExtCustomerStatus_SDK: CustomerStatus.active },
      { id: 'f', ExtAgreementEndDate_SDK: '2026-09-30', ExtCustomerStatus_SDK: CustomerStatus.active },
    ];
    expect(renewalReminders(agents, '2026-05-01').map((a) => [a.id, a.ReminderWindow, a.DaysLeft])).toEqual([
      ['b', 30, 9],
      ['c', 60, 45],
      ['a', 90, 80],
    ]);
  });
});
