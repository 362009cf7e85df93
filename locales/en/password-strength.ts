/** Why a password is refused (domain/password-strength.ts), on the change-password page and from the server. */
export const passwordStrength = {
  refused: 'The new password is not safe enough: {{reason}}',
  tooShort: 'at least 8 characters',
  lettersAndDigits: 'it must contain both letters and digits',
  containsUsername: 'it must not contain the username',
  commonChinese:
    'it contains a common password (pinyin words, 520/1314, keyboard runs…) and is easy to guess',
  common: 'it contains a common password and is easy to guess',
  repeated: 'too many repeated characters or words, easy to guess',
  keyboardRun: 'it contains a keyboard run or a sequence, easy to guess',
  guessable: 'too easy to guess: make it longer or add unrelated words',
  good: 'Password strength is fine',
  checking: 'Checking the password strength…',
};
