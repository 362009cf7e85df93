import { useEffect, useState } from 'react';
import type { PasswordProblem } from '../../domain/password-strength';
import { useT } from '../app-context';

type Check = (password: string, username?: string) => PasswordProblem | null;

// The estimator and its dictionaries are large: loaded when a password is first typed, so the login
// page and the shell never carry them.
let loading: Promise<Check> | undefined;
const loadCheck = () => {
  loading ??= import('../../domain/password-strength').then((m) => m.passwordProblem);
  return loading;
};

export type Strength =
  | { state: 'empty' | 'checking' | 'good' }
  | { state: 'weak'; problem: PasswordProblem; messageKey: string };

/** What the portal's password rule says of the password being typed (the server applies the same). */
export function usePasswordStrength(password: string, username: string): Strength {
  const [checked, setChecked] = useState<{ password: string; problem: PasswordProblem | null }>();
  useEffect(() => {
    if (!password) return;
    let live = true;
    void loadCheck().then((check) => {
      if (live) setChecked({ password, problem: check(password, username) });
    });
    return () => {
      live = false;
    };
  }, [password, username]);
  if (!password) return { state: 'empty' };
  if (checked?.password !== password) return { state: 'checking' };
  return checked.problem
    ? { state: 'weak', problem: checked.problem, messageKey: `passwordStrength.${checked.problem}` }
    : { state: 'good' };
}

/** The line under the new password: why it would be refused, or that it will do. */
export function PasswordStrengthHint({ strength }: { strength: Strength }) {
  const t = useT();
  if (strength.state === 'empty') return null;
  const text =
    strength.state === 'weak'
      ? t('passwordStrength.refused', { reason: t(strength.messageKey) })
      : t(strength.state === 'good' ? 'passwordStrength.good' : 'passwordStrength.checking');
  return (
    <small
      id="pw-strength"
      className={strength.state === 'weak' ? 'portal-field-error' : 'portal-hint'}
      data-strength={strength.state}
      aria-live="polite"
    >
      {text}
    </small>
  );
}
