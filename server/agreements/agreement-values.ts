import type { AgreementPlaceholder } from '../../domain/agreement-placeholders';
import { CustomerType } from '../../domain/codes/customers.codes';
import { composeAddress } from './agent-address';

/** The agent as the agreement names it: the customer row's columns and data fields. */
export interface AgentOnFile {
  name: string;
  account_id: string | null;
  credit_code: string | null;
  customer_type: string;
  data: Record<string, unknown>;
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * Where the agent may sell: the coverage its record names (a CCP's cities, an RSP's province, a
 * distributor's area), else the region its tier covers (DOMAIN.md: a CCP its city, an RSP its province).
 */
function territoryOf(agent: AgentOnFile): string {
  const coverage = text(agent.data.ExtCoverageCities_SDK).trim();
  if (coverage) return coverage;
  return text(agent.customer_type === CustomerType.ccp ? agent.data.CityName : agent.data.ProvinceName);
}

/**
 * Every placeholder's value for one signing. Dates are the business days (China time) the record
 * holds; the agreement is a Chinese document, so the type is named by its Chinese dictionary word.
 */
export function agreementValues(
  agent: AgentOnFile,
  signing: { agreementNo: string; typeName: string; signDate: string },
): Record<AgreementPlaceholder, string> {
  const data = agent.data;
  return {
    AgreementNo: signing.agreementNo,
    AgreementType: signing.typeName,
    AgentName: agent.name,
    AccountID: text(agent.account_id),
    CreditCode: text(agent.credit_code ?? data.ExtCreditCode_SDK),
    LegalRepresentative: text(data.ExtLegalRepresentative_SDK),
    Province: text(data.ProvinceName),
    City: text(data.CityName),
    Address: text(data.Address),
    FullAddress: composeAddress({
      province: text(data.ProvinceName),
      city: text(data.CityName),
      district: text(data.DistrictName),
      detail: text(data.Address),
    }),
    ContactName: text(data.ContactName),
    ContactPhone: text(data.ContactPhone),
    Email: text(data.Email),
    BankName: text(data.ExtBankName_SDK),
    BankAccountName: text(data.ExtBankAccountName_SDK),
    BankAccount: text(data.ExtBankAccount_SDK),
    Territory: territoryOf(agent),
    StartDate: text(data.ExtAgreementStartDate_SDK),
    EndDate: text(data.ExtAgreementEndDate_SDK),
    SignDate: signing.signDate,
  };
}
