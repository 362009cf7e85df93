import { describe, expect, it } from 'vitest';
import { passwordProblem } from '../../domain/password-strength';

describe('the password rule (hole 10 of the security review)', () => {
  it.each([
    ['aaaaaaa1', 'repeated'],
    ['password1', 'common'],
    ['woaini1314', 'commonChinese'],
    ['qwe123456a', 'commonChinese'],
    ['zhangwei123', 'commonChinese'],
    ['5201314abc', 'commonChinese'],
    ['1qaz2wsx', 'common'],
  ])('refuses %s as %s', (password, problem) => {
    expect(passwordProblem(password, 'someone')).toBe(problem);
  });

  it('refuses a password that contains the username, in any letter case, and the username doubled', () => {
    expect(passwordProblem('finance2026', 'finance')).toBe('containsUsername');
    expect(passwordProblem('XX-Finance-77', 'finance')).toBe('containsUsername');
    expect(passwordProblem('legallegal1', 'legal')).toBe('containsUsername');
  });

  it('keeps the stated basics: eight characters with letters and digits', () => {
    expect(passwordProblem('Ab1', 'someone')).toBe('tooShort');
    expect(passwordProblem('onlyletters', 'someone')).toBe('lettersAndDigits');
    expect(passwordProblem('1234567890', 'someone')).toBe('lettersAndDigits');
  });

  it('accepts passwords that are hard to guess, including the demo accounts’ ones', () => {
    for (const password of ['Harbour2026tide', 'Sd8kq2Lp', 'Demo@123456', 'Admin@123456', 'Welcome@2026'])
      expect(passwordProblem(password, 'someone'), password).toBeNull();
  });
});
