/** System › Books check (docs/books.md): the last check of the books and what it found. */
import { bookRules } from './book-rules';

export const books = {
  rules: bookRules,
  job: {
    title: { name: 'Books check', group: 'Maintenance' },
    handler:
      'Checks every rule of the books the business areas declare (amounts, quantities, balances, summaries) and records the records that disagree',
    message:
      'Checked {{invariants}} rules of the books: {{broken}} do not hold, {{violations}} findings in all',
  },
  areas: {
    agents: 'Agents',
    orders: 'Orders',
    opportunities: 'Opportunities',
    specialPrices: 'Special prices',
    letters: 'Commitment letters',
    rebates: 'Rebates',
    salesTasks: 'Sales tasks',
    reports: 'Sales reports',
    activity: 'Sales activity',
    base: 'Base data',
    system: 'System',
  },
  lastRun: 'Last check',
  never: 'The books have not been checked yet',
  runNow: 'Check now',
  running: 'Checking…',
  trigger: { nightly: 'nightly', manual: 'by hand', cli: 'command line' },
  by: ', {{name}}',
  summary: '{{time}} ({{trigger}}{{by}}), {{seconds}} s: {{invariants}} rules checked',
  balanced: 'The books balance: every rule holds',
  unbalanced: '{{broken}} rules do not hold, {{violations}} findings in all',
  holds: 'Holds',
  violations: '{{count}} findings',
  more: '{{count}} more not listed',
  failed: 'The check of this rule could not run: {{why}}',
  open: 'Open the record',
  area: 'Area',
  rule: 'Rule of the books',
  finding: 'Finding',
};
