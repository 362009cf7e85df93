/**
 * The placeholders an agreement template may use, written `{Name}` in the Word file. The portal fills
 * each from the agent's record when the agreement is signed (server/agreements/agreement-values.ts);
 * a template using any other name is refused at upload, so no agreement goes out with a hole in it.
 */
export const AGREEMENT_PLACEHOLDERS = [
  'AgreementNo',
  'AgreementType',
  'AgentName',
  'AccountID',
  'CreditCode',
  'LegalRepresentative',
  'Province',
  'City',
  'Address',
  'FullAddress',
  'ContactName',
  'ContactPhone',
  'Email',
  'BankName',
  'BankAccountName',
  'BankAccount',
  'Territory',
  'StartDate',
  'EndDate',
  'SignDate',
] as const;

export type AgreementPlaceholder = (typeof AGREEMENT_PLACEHOLDERS)[number];

const known = new Set<string>(AGREEMENT_PLACEHOLDERS);

/** The names a template uses that the portal cannot fill, in the order given. */
export const unknownPlaceholders = (names: readonly string[]) => names.filter((name) => !known.has(name));
