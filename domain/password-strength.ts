import { type MatchExtended, ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary } from '@zxcvbn-ts/language-en';
import { COMMON_CHINESE_PASSWORDS } from './password-common-zh';

/**
 * Why a password is refused, as a message key under `passwordStrength`. The server refuses with it and
 * the change-password page shows it while the user types, so both say the same thing.
 */
export type PasswordProblem =
  | 'tooShort'
  | 'lettersAndDigits'
  | 'containsUsername'
  | 'commonChinese'
  | 'common'
  | 'repeated'
  | 'keyboardRun'
  | 'guessable';

export const MIN_PASSWORD_LENGTH = 8;
/**
 * zxcvbn's scale 0–4; 2 means at least a million guesses. Guessing happens online here, five tries per
 * quarter hour behind a slow hash, so that is out of reach, and the dictionaries already sink the
 * passwords people really pick (score 0–1).
 */
export const MIN_PASSWORD_SCORE = 2;

const CHINESE = 'commonChinese';
const ESTIMATED_LENGTH = 32;
const MIN_NAME_IN_PASSWORD = 3;

// Built on first use: the dictionaries are large, and most callers never need them.
let estimator: ZxcvbnFactory | undefined;
const estimatorOf = () => {
  estimator ??= new ZxcvbnFactory({
    graphs: adjacencyGraphs,
    dictionary: { ...commonDictionary, ...englishDictionary, [CHINESE]: [...COMMON_CHINESE_PASSWORDS] },
  });
  return estimator;
};

/** The weakest part of a weak password, named the way a user can act on. */
function problemOf(sequence: MatchExtended[]): PasswordProblem {
  const names = sequence.map((m) => (m.pattern === 'dictionary' ? String(m.dictionaryName) : m.pattern));
  if (names.includes(CHINESE)) return 'commonChinese';
  if (names.includes('passwords-common')) return 'common';
  if (names.includes('repeat')) return 'repeated';
  if (names.includes('spatial') || names.includes('sequence')) return 'keyboardRun';
  return 'guessable';
}

/**
 * The portal's password rule: at least 8 characters with letters and digits, not containing the
 * username, and hard to guess by the estimator with the Chinese common passwords in its dictionary.
 * Answers null when the password is acceptable.
 */
export function passwordProblem(password: string, username = ''): PasswordProblem | null {
  if (password.length < MIN_PASSWORD_LENGTH) return 'tooShort';
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return 'lettersAndDigits';
  const name = username.trim().toLowerCase();
  // Two letters (`vp`, `gd`) turn up in passwords by chance; the estimator still counts them as known.
  if (name.length >= MIN_NAME_IN_PASSWORD && password.toLowerCase().includes(name)) return 'containsUsername';
  // The estimator's work grows fast with length; past 32 characters the
  // rest only adds strength, and the check must stay cheap for the server.
  const result = estimatorOf().check(password.slice(0, ESTIMATED_LENGTH), name ? [name] : []);
  return result.score >= MIN_PASSWORD_SCORE ? null : problemOf(result.sequence);
}
