/**
 * The company lookup's rules (SPEC §4, §5, §7), shared by the dialog's statechart and the server that
 * records the choice: a name entered by hand must be the customer's full registered name.
 */

/** A full company name has at least this many characters (“XX公司” is not a full name). */
export const MIN_FULL_COMPANY_NAME = 4;
export const MAX_COMPANY_NAME = 100;

/** Where a recorded company came from: a registry (企查查) result or a name typed by hand. */
export const COMPANY_SOURCES = ['registry', 'manual'] as const;
export type CompanySource = (typeof COMPANY_SOURCES)[number];

/** Why a hand-typed name is refused, or undefined when it may be recorded. */
export function fullNameProblem(name: string): 'required' | 'tooShort' | 'tooLong' | undefined {
  const trimmed = name.trim();
  if (!trimmed) return 'required';
  if ([...trimmed].length < MIN_FULL_COMPANY_NAME) return 'tooShort';
  if ([...trimmed].length > MAX_COMPANY_NAME) return 'tooLong';
  return undefined;
}
