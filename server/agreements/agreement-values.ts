import type { AgreementPlaceholder } from '../../domain/agreement-placeholders';
import { composeAddress } from './agent-address';

/** The agent as the agreement names it: the customer row's columns and data fields. */
export interface AgentOnFile {
  name: string;
  account_id: string | null;
  credit_code: string | null;
  data: Record<string, unknown>;
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

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
    BankAccount: text(data.ExtBankAccount_SDK),
    StartDate: text(data.ExtAgreementStartDate_SDK),
    EndDate: text(data.ExtAgreementEndDate_SDK),
    SignDate: signing.signDate,
  };
}
