import {
  BANK_ACCOUNT_DIGITS,
  BANK_FIELDS,
  isValidBankAccount,
  normalizeBankAccount,
} from '../../domain/bank-account';
import { fieldError, fieldMissing } from '../http/validate';
import type { RegistrationForm } from './registration.schema';

type BankFields = Pick<RegistrationForm, (typeof BANK_FIELDS)[number]>;

/**
 * The bank account of a registration, as the agreement will name it (domain/bank-account.ts): its
 * number digits only. A new application gives the account whole or not at all (`whole`), so no
 * agreement names a number without its bank; a resubmission may correct any one of its parts.
 * A refusal names the field.
 */
export function checkedBankAccount(form: Partial<BankFields>, whole: boolean): Partial<BankFields> {
  const given = BANK_FIELDS.filter((field) => form[field] !== undefined);
  if (!given.length) return {};
  const missing = whole ? BANK_FIELDS.find((field) => form[field] === undefined) : undefined;
  if (missing) throw fieldMissing(undefined, missing);
  const number = form.ExtBankAccount_SDK;
  if (number === undefined) return {};
  if (!isValidBankAccount(number))
    throw fieldError(undefined, 'ExtBankAccount_SDK', {
      key: 'server.input.problems.bankAccount',
      params: BANK_ACCOUNT_DIGITS,
    });
  return { ExtBankAccount_SDK: normalizeBankAccount(number) };
}
