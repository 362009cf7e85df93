import { type PasswordProblem, passwordProblem } from '../../domain/password-strength';
import type { Db } from '../db/database';
import { badField } from '../http/envelope';

export interface PasswordRefusal {
  problem: PasswordProblem;
  /** Length or the letters-and-digits mix: the rule the portal has always stated in its own words. */
  basic: boolean;
  /** Why, as a message with its parameters, for a refusal that names the reason. */
  message: { key: string; params: Record<string, unknown> };
}

/**
 * Throws the caller's refusal when the password breaks the portal's rule (domain/password-strength):
 * every path that sets a password comes through here, so none of them takes a weak one.
 */
export function refuseWeakPassword(
  password: string,
  username: string,
  refuse: (refusal: PasswordRefusal) => Error,
): void {
  const problem = passwordProblem(password, username);
  if (!problem) return;
  throw refuse({
    problem,
    basic: problem === 'tooShort' || problem === 'lettersAndDigits',
    message: { key: `passwordStrength.${problem}`, params: {} },
  });
}

const weakPasswordField = (refusal: PasswordRefusal) =>
  refusal.basic
    ? badField('Password', 'server.employee.passwordWeak')
    : badField('Password', refusal.message);

/** The initial password an administrator gives a new account. */
export function refuseWeakInitialPassword(password: string, username: string) {
  refuseWeakPassword(password, username, weakPasswordField);
}

/** The temporary password of a reset, checked against the username of the account it is for. */
export async function refuseWeakResetPassword(db: Db, employeeId: string, password: string) {
  const row = await db
    .selectFrom('employee')
    .select('username')
    .where('object_id', '=', employeeId)
    .executeTakeFirst();
  refuseWeakPassword(password, row?.username ?? '', weakPasswordField);
}
