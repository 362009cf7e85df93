/** The approval chains beside a chart (`workflows.chains.*`): the configuration as it stands now. */
export const workflowChains = {
  title: 'Approval chains (as configured now)',
  hint: 'The chart’s “current approver” is decided by this configuration; a change applies to applications submitted after it.',
  loading: 'Reading the approval chains…',
  reload: 'Read the approval chains again',
  failed: 'The approval chains could not be read: {{message}}',
  none: 'This workflow has no configurable approval chain.',
  template:
    'This is the approval template every application shares (submit, decide step by step, agree, reject, return, forward, withdraw, void): the charts of orders, loans, special prices, agent applications and the others approve in its shape. No page starts one on its own and no business record goes through it, so it has no approval chain to configure, no process records and no test plan to run; see and test it on a business workflow’s chart.',
  empty: 'No approval chain is enabled now: a submission would be refused until one is configured.',
  step: 'Step {{n}}',
  person: 'Named approver: {{person}}',
  more: 'and {{count}} more',
  nobody: 'No enabled employee holds this role',
  any: 'any',
  when: {
    always: 'Every application',
    orderAmount: '{{type}}, amount above {{from}} up to {{to}}',
    orderAmountAbove: '{{type}}, amount above {{from}}',
    loanAmount: 'Loan value above {{from}} up to {{to}}',
    loanAmountAbove: 'Loan value above {{from}}',
    priceDepth: 'Discount depth at least {{depth}}%',
    priceDepthMargin: 'Discount depth at least {{depth}}% and margin at least {{margin}}%',
    process: '{{process}}, channel: {{channel}}, province: {{province}}',
  },
};
