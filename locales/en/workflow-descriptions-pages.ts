import type { pageWorkflowDescriptions as zh } from '../zh/workflow-descriptions-pages';

/** The business rules of the pages' own charts (forms, panels, the workflow viewer), in English, keyed as the Chinese file is. */
export const pageWorkflowDescriptions: typeof zh = {
  workflowViewer: {
    'preparing:words.set:0':
      'The reader changed language while a chart was laid out: it is laid out again in the new words.',
    'shown:words.set:0':
      'The reader changed language: the chart is laid out again in the new words and fitted.',
    'workflowViewer:mode.change:0':
      'Switching between the registry and the live actors starts from an empty canvas.',
    'workflowViewer:highlight.set:0':
      'A replay or a live actor moved on: its current state is brought into view.',
    'workflowViewer:zoom.out:0': 'Zooming out stops where the whole chart is in view.',
    'workflowViewer:panel.resize:0':
      'A smaller panel that none of the chart’s plain layouts fits: its tight layouts are made too (once).',
    'workflowViewer:panel.resize:1':
      'A fitted diagram is fitted again to the new panel; a zoom the analyst chose stays.',
    'workflowViewer:chains.set:0':
      'With its chains drawn the chart fits none of its plain layouts: its tight ones are made too.',
    'workflowViewer:chains.set:1':
      'The workflow’s chains came: drawn under its states, the chart opens again with them.',
    'preparing:xstate.done.actor.prepareDiagram:0':
      'The panel measured while the chart was laid out fits none of its layouts: it is laid out again with its tight ones.',
    'preparing:xstate.done.actor.prepareDiagram:1':
      'A new chart opens fitted to the panel with its initial state in view.',
    'shown:direction.toggle:0':
      'Top-down suits deep charts, left-to-right wide ones; the layout is computed again.',
  },
  processHistory: {
    'browsing:streams.search:0': 'A new search starts again from its first page.',
    'loadingHistory:xstate.done.actor.loadHistory:0':
      'The replay opens at the first step, so the story is read from its beginning.',
    'loadingHistory:xstate.done.actor.loadHistory:1':
      'A stream of another workflow cannot be replayed through this machine.',
  },
  registrationForm: {
    'form.validating':
      'Every field is checked; a missing one reads "… is required", a wrong credit code is named.',
    'form.failed': "The server's reason is shown; every value stays as typed.",
    'form.submitted': 'The application has its number; the applicant follows it on the progress page.',
    'regions.unavailable': 'The province list could not load; the applicant may try again.',
    'form.editing:company.pick:0': 'A registry company fills name, credit code and representative.',
  },
  registrationProgress: {
    asking: 'The registration number (prefilled from the link) and the contact phone find the application.',
    confirmingWithdrawal: 'A withdrawal cannot be undone, so the applicant confirms it first.',
    'loading:xstate.error.actor.fetchProgress:0':
      'A wrong number or phone reveals nothing but that no application matches.',
    'shown:supplement.submit:0':
      'Resubmitting starts the review again from its first step, under the same number.',
    'shown:withdraw.ask:0': 'Offered only while the server says the applicant may withdraw.',
    'withdrawing:xstate.done.actor.withdraw:0': 'The page then shows the application withdrawn.',
    'withdrawing:xstate.error.actor.withdraw:0':
      'Refused (say, a reviewer decided meanwhile): the reason is shown.',
  },
  customerWorkflow: {
    unavailable: 'The list could not be read: nothing is offered until it is read again.',
    ready:
      'Offers a new application only of the kinds the server lists as startable (none while one is open).',
    editing: 'The dialog names each wrong field; nothing is sent until all are right.',
    'ready:apply.start:0': 'Every application opens its dialog: its inputs, or a confirmation.',
    'ready:panel.reload:0':
      'A decision on the open application was taken or refused: the list is read again.',
    'editing:dialog.confirm:1': 'A reason for suspension and blacklist, 180–3650 days, a term of 12/24/36.',
    'submitting:xstate.done.actor.submit:0': 'Done: the list and the record are read again.',
    'submitting:xstate.error.actor.submit:0':
      'Refused (a rule, an application someone else just opened): the reason is shown and the list reloads.',
  },
  creditLimitPanel: {
    unavailable: 'The limits could not be read: nothing is offered until they are read again.',
    ready: 'Offers a request only where the server says the caller may make or correct one.',
    editing: 'The dialog names each wrong field; nothing is sent until all are right.',
    'submitting:xstate.done.actor.sendCreditLimit:0':
      'Sent to finance: the panel and the record are read again.',
    'submitting:xstate.error.actor.sendCreditLimit:0':
      'Refused (a field, a request someone else just opened): the reason stays in the dialog.',
  },
  ownCompany: {
    shown: 'The company, read-only, with the applications its staff may make.',
    noCompany: 'The account belongs to no agent company: there is nothing to show.',
  },
  errorRetry: {
    failing: 'Only a row still failing is processed again, as it stands or with its data corrected.',
    settled: 'Taken already (by a retry, or by a later pull that brought the row again): nothing to do.',
  },
  orderEntryApproval: {
    'asking:xstate.error.actor.0.orderEntryApproval.asking:0':
      'Unanswered: nothing is offered; the order is still saved as a draft.',
  },
  orderLines: {
    'showing:lines.edit:0':
      'A draft or returned order: its saved lines, each at its saved price, become typed lines.',
    showing:
      'A saved order: its lines as the server priced them; the order is changed through its change process.',
    typing:
      'A new order: products chosen from the standard price list, a whole quantity, a price only where it differs; the server prices every line again when the order is saved.',
  },
  opportunityItems: {
    ready: 'The products as the server keeps them; the owner of an open opportunity changes them.',
    saving: 'One change sent as its command; a refusal (its field, the state) is shown and nothing changes.',
  },
  ownerChange: {
    done: 'The change is made and logged; the page shows the new owner once read again.',
  },
  orderChangeLines: {
    choosing: 'A new change: the order number is typed in the form, then its lines are read.',
    showing: 'A submitted change (or the detail page): its lines and history as they are.',
    'editing:row.remove:0':
      'An order line is left out (and can be restored); a line the change adds is dropped.',
    'editing:row.add:0':
      'A new line: a product of the standard price list, one unit at the standard price unless another is typed (checked by the server as order entry checks it).',
  },
  orderApprovalPage: {
    'shown:order.submit:0': 'A draft not submitted before; a submitted one is decided in the decision panel.',
    'submitting:xstate.error.actor.0.orderApprovalPage.submitting:0':
      'Refused (credit, no band, changed meanwhile): the reason stays on the page.',
  },
  specialPricePage: {
    pricing: 'The standard channel price of the typed products; unknown ones stay blank.',
    'sending:xstate.error.actor.0.specialPricePage.sending:0':
      'Refused (not protected, over the quantity, changed meanwhile): the reason stays on the page.',
  },
  cpqPicker: {
    'open.loadingChildren': 'The classes under the one just chosen fill the next level.',
    'open.pricing': 'The chosen configuration is priced at the configuration level, then handed over.',
  },
  shipmentForm: {
    choosing: 'The order number is typed, then the order is read.',
    editing:
      'Per open line: how many units go now (never more than is open) and a serial number per unit of a product.',
    'loading:xstate.error.actor.0.shipmentForm.loading:0':
      'Not found in the caller’s scope, not effective, or not the caller’s to ship.',
    'editing:shipment.submit:1': 'Nothing chosen, or a row the server would refuse: the rows say why.',
    'shipping:xstate.done.actor.0.shipmentForm.shipping:0':
      'Shipped: the order is read again with what is still open.',
    'shipping:xstate.error.actor.0.shipmentForm.shipping:0':
      'Refused (a serial shipped before, the order changed meanwhile): the reason stays.',
  },
  loanSerials: {
    editing:
      'Each line’s serial numbers (one per unit, one per row), as saved or typed; a change clears the last refusal.',
    saving:
      'Every line sent at once with the Version seen; the server checks them as a shipment does, naming a wrong line, and answers the loan as saved.',
  },
  loanReturnLines: {
    idle: 'No loan named yet: nothing to take back.',
    typing: 'The number is still being typed: read once the typing rests.',
    ready: 'The lines still out: the units taken back ticked by serial, or counted, per line.',
  },
  shipmentReceipt: {
    shown:
      'The server says whether this person may answer now: the agent’s staff or sales operations, while it awaits receipt.',
    reporting:
      'A receipt exception (damage, shortage) needs a note of what is wrong; its resolution, of what was done.',
    'shown:resolution.open:0':
      'Sales operations settle a reported exception (replaced, compensated): it then counts as received.',
  },
  deliveryInfo: {
    'shown:address.use:0': 'By those who ship, while something of the order is left to ship.',
    'shown:info.confirm:0':
      'By those who ship: not yet confirmed, or modified since, and something left to ship.',
  },
  policyVersions: {
    shown:
      'The server says whether this person may draft a version now: a published or effective policy without an unpublished version, by whoever enters policies.',
  },
  rspSti: {
    shown:
      'HQ (the channel department, the executive, the administrator) may calculate; everyone who opens the line sees the figures.',
  },
};
