import { BANK_FIELDS, BANK_NAME_LENGTH, isValidBankAccount } from '../../domain/bank-account';
import { ChannelType } from '../../domain/codes/customers.codes';
import { isValidCreditCode, normalizeCreditCode } from '../../domain/credit-code';
import type { FileAttachment } from '../../domain/files';

export type { ChannelType };

/** The text fields of the public registration form (SPEC §2), in the order the page shows them. */
export const TEXT_FIELDS = [
  'Name',
  'ExtCreditCode_SDK',
  'ExtLegalRepresentative_SDK',
  'ExtRegisteredCapital_SDK',
  'ExtEstablishedDate_SDK',
  'ProvinceCode',
  'CityCode',
  'ExtCoverageCities_SDK',
  'Address',
  'ContactName',
  'ContactPhone',
  'Email',
  'ExtProductGroup_SDK',
  ...BANK_FIELDS,
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];
export type FormField = TextField | 'ExtLicenseFile_SDK';

export type RegistrationValues = Record<TextField, string> & { ExtLicenseFile_SDK: FileAttachment[] };

/** What is wrong with a field; the page words it ('<label> required' (app.form.required) for required). */
export type FieldProblem =
  | 'required'
  | 'tooShort'
  | 'creditCode'
  | 'phone'
  | 'email'
  | 'capital'
  | 'bankName'
  | 'bankAccount';
export type FieldErrors = Partial<Record<FormField, FieldProblem>>;

export const emptyValues = (): RegistrationValues => ({
  ...(Object.fromEntries(TEXT_FIELDS.map((f) => [f, ''])) as Record<TextField, string>),
  ExtLicenseFile_SDK: [],
});

const PHONE = /^1\d{10}$|^0\d{2,3}-?\d{7,8}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CAPITAL = /^\d{1,12}(\.\d{1,2})?$/;

/**
 * Required for every applicant; a CCP also names its city (DOMAIN §8.3: a CCP covers 1–3 cities). The
 * bank account is asked of everyone: the agreement names it for payments both ways.
 */
export const requiredFields = (channel: ChannelType): FormField[] => [
  'Name',
  'ExtCreditCode_SDK',
  'ExtLegalRepresentative_SDK',
  'ProvinceCode',
  ...(channel === ChannelType.ccp ? (['CityCode'] as const) : []),
  'Address',
  'ContactName',
  'ContactPhone',
  'Email',
  ...BANK_FIELDS,
  'ExtLicenseFile_SDK',
];

/** One field's problem, the same rules the server applies (registration.schema.ts), for comfort. */
export function fieldProblem(
  channel: ChannelType,
  field: FormField,
  values: RegistrationValues,
): FieldProblem | undefined {
  if (field === 'ExtLicenseFile_SDK')
    return requiredFields(channel).includes(field) && values.ExtLicenseFile_SDK.length === 0
      ? 'required'
      : undefined;
  const value = values[field].trim();
  if (!value) return requiredFields(channel).includes(field) ? 'required' : undefined;
  switch (field) {
    case 'Name':
      return value.length < 4 ? 'tooShort' : undefined;
    case 'ExtCreditCode_SDK':
      return isValidCreditCode(normalizeCreditCode(value)) ? undefined : 'creditCode';
    case 'ContactPhone':
      return PHONE.test(value) ? undefined : 'phone';
    case 'Email':
      return EMAIL.test(value) ? undefined : 'email';
    case 'ExtRegisteredCapital_SDK':
      return CAPITAL.test(value) ? undefined : 'capital';
    case 'ExtBankName_SDK':
    case 'ExtBankAccountName_SDK':
      return value.length < BANK_NAME_LENGTH.min ? 'bankName' : undefined;
    case 'ExtBankAccount_SDK':
      return isValidBankAccount(value) ? undefined : 'bankAccount';
    default:
      return undefined;
  }
}

export function validate(channel: ChannelType, values: RegistrationValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of [...TEXT_FIELDS, 'ExtLicenseFile_SDK'] as FormField[]) {
    const problem = fieldProblem(channel, field, values);
    if (problem) errors[field] = problem;
  }
  return errors;
}

/** The body the server takes: empty optional fields left out, the credit code normalised. */
export function toBody(channel: ChannelType, values: RegistrationValues): Record<string, unknown> {
  const body: Record<string, unknown> = { ExtChannelSmallType_SDK: channel };
  for (const field of TEXT_FIELDS) {
    const value = values[field].trim();
    if (value) body[field] = field === 'ExtCreditCode_SDK' ? normalizeCreditCode(value) : value;
  }
  if (values.ExtLicenseFile_SDK.length > 0)
    body.ExtLicenseFile_SDK = values.ExtLicenseFile_SDK.map(({ ObjectID, FileName, FileURL, Size }) => ({
      ObjectID,
      FileName,
      FileURL,
      Size,
    }));
  return body;
}
