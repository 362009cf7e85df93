import { ChannelType } from '../../domain/codes/customers.codes';
import { makeCreditCode } from '../../domain/credit-code';

let serial = 0;

/**
 * The public registration form (/registrationInfo/register) as an applicant fills it in: a Nanjing
 * company asking to be an RSP, its address typed starting with the city as people do (an agreement made from it names the
 * city once). Each call is a
 * new company, its name and unified social credit code unused in the suite's database; the test changes
 * whatever its case is about (the kind of agent, a bank account, a licence, a wrong field).
 */
export function registrationForm(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    ExtChannelSmallType_SDK: ChannelType.rsp,
    Name: `南京云启信息技术有限公司${serial}`,
    ExtCreditCode_SDK: makeCreditCode(`91320100MA1${String(100000 + serial).slice(-6)}`),
    ExtLegalRepresentative_SDK: '周启明',
    ProvinceCode: '320000',
    CityCode: '320100',
    Address: '南京市鼓楼区中山北路 1 号',
    ContactName: '周启明',
    ContactPhone: '13912345678',
    Email: 'zhou@example.com',
    ...overrides,
  };
}
