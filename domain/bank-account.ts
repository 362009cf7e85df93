/**
 * The bank account an agent gives on its registration and its agreement names (开户银行, 开户名称,
 * 银行账号). People type an account number in groups ("3201 0155 ..."), so spaces and hyphens are
 * dropped; what remains is digits only, 8 to 32 of them: Chinese corporate (对公) accounts run from
 * about 10 to 25 digits by bank, so the bounds refuse a slip without refusing any bank's format.
 */
export const BANK_ACCOUNT_DIGITS = { min: 8, max: 32 } as const;

/** The bank and account names: a real bank's name has at least two characters. */
export const BANK_NAME_LENGTH = { min: 2, max: 100 } as const;

export const normalizeBankAccount = (text: string) => text.replace(/[\s-]/g, '');

export function isValidBankAccount(text: string): boolean {
  const digits = normalizeBankAccount(text);
  return (
    /^\d+$/.test(digits) &&
    digits.length >= BANK_ACCOUNT_DIGITS.min &&
    digits.length <= BANK_ACCOUNT_DIGITS.max
  );
}

/** The three fields of the account, in the order the form shows them. */
export const BANK_FIELDS = ['ExtBankName_SDK', 'ExtBankAccountName_SDK', 'ExtBankAccount_SDK'] as const;
