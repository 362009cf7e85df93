/** Why a password is refused (domain/password-strength.ts), on the change-password page and from the server. */
export const passwordStrength = {
  refused: '新密码不够安全：{{reason}}',
  tooShort: '至少 8 位',
  lettersAndDigits: '须同时包含字母和数字',
  containsUsername: '不能包含用户名',
  commonChinese: '含有常见密码（拼音词、520/1314、键盘连键等），很容易被猜到',
  common: '含有常见密码，很容易被猜到',
  repeated: '重复的字符或词太多，很容易被猜到',
  keyboardRun: '含有键盘连键或连续字符，很容易被猜到',
  guessable: '太容易被猜到，请加长或加入不相关的词',
  good: '密码强度合格',
  checking: '正在检查密码强度…',
};
