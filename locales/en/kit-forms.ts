import type { kitForms as zh } from '../zh/kit-forms';

/** What a form says about a value it will not send (SPEC §5), before the server sees it. */
export const kitForms: typeof zh = {
  firstProblem: '{{field}}: {{problem}}',
  problems: {
    number: 'enter a number',
    money: 'enter an amount of at least 0 with at most two decimals',
    percent: 'enter a number from 0 to 100',
    date: 'enter a valid date (year-month-day)',
    dateTime: 'enter a valid date and time',
    notBefore: 'must not be before {{other}}',
    tooLong: 'must not be longer than {{limit}} characters',
    creditCode: 'the unified social credit code is not valid',
    phone: 'the phone number is not valid',
    email: 'the e-mail address is not valid',
  },
};
