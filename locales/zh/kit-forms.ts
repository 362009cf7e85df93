/** What a form says about a value it will not send (SPEC §5), before the server sees it. */
export const kitForms = {
  firstProblem: '{{field}}：{{problem}}',
  problems: {
    number: '请输入数字',
    money: '请输入不小于 0、最多两位小数的金额',
    percent: '请输入 0 到 100 之间的数字',
    date: '请输入有效日期（年-月-日）',
    dateTime: '请输入有效的日期时间',
    notBefore: '不能早于{{other}}',
    tooLong: '不能超过 {{limit}} 个字',
    creditCode: '统一社会信用代码不正确',
    phone: '电话号码不正确',
    email: '邮箱格式不正确',
  },
};
