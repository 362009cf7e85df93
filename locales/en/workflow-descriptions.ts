import type { workflowDescriptions as zh } from '../zh/workflow-descriptions';
import { businessWorkflowDescriptions } from './workflow-descriptions-business';

/** The business rules of the statecharts in English, keyed as the Chinese file is. */
export const workflowDescriptions: typeof zh = {
  session: {
    starting: 'A token kept from an earlier visit is verified before anything is shown.',
    restoring: "Roles are not loaded yet: the user info is read first (the route guard's rule).",
    admitting:
      'An initial password is changed before anything else: until then the server answers only the user info, the password change and logout, so no menus are read.',
    loadingPermissions: "Menus come from the user's role; they decide which pages can be opened.",
    'authenticated.passwordChangeRequired':
      'First login: the initial password must be changed before anything else.',
    'authenticated.loadingMenus': 'The password is changed: the role’s menus are read now, as at any login.',
    'authenticated.timedOut':
      'A click after more than 5 hours without activity: the time-out dialog, then logout.',
  },
  routeGuard: {
    allowed: 'A session change (login, logout, time-out) decides the current path again.',
    'deciding:always:0': "The refresh page re-opens the original path: the tab's refresh.",
    'deciding:always:1': 'A logged-in user opening /login is sent on: to the redirect parameter, else to /.',
    'deciding:always:3':
      'Loading user info or permissions failed: the token is reset, the error shown, and the user logs in again.',
    'deciding:always:4': 'No login token: to /login, keeping the original path as the redirect parameter.',
    'deciding:always:5':
      'Roles not loaded yet: wait for user info and permissions, then retry the navigation.',
    'deciding:always:6': 'The root redirects to the dashboard.',
    'deciding:always:7': 'A path inside a module that names no page sends the user to /.',
    'deciding:always:8': 'Unknown paths go to /404.',
    'deciding:always:9': "A page outside the role's menu list shows the 401 page.",
  },
  tabs: {
    menuOpen: 'The right-click menu of one tab: refresh, close, close others, close all.',
    'tabs:tab.open:0': 'Opening a page activates its tab, adding it when it is not open yet.',
    'tabs:tab.show:0':
      'Choosing a tab in the tab bar shows it as it was: it keeps the list it was opened from, whatever tab was shown before.',
    'tabs:tab.close:0': 'Pinned tabs cannot be closed; closing a tab also closes an open tab menu.',
    'tabs:tabs.reset:0': 'Logging out clears every open tab but the pinned ones.',
    'menuOpen:menu.refresh:0': 'Refresh re-opens the page through the refresh page.',
    'menuOpen:menu.close.others:0': 'Keeps the chosen tab and the pinned ones, and shows the chosen tab.',
    'menuOpen:menu.close.all:0': 'Only the pinned tabs stay; the last of them is shown.',
  },
  settings: {
    'device.mobile': 'Below 992 px the sidebar is closed and opens over the page.',
    'device.mobile.sidebarOpened:page.open:0': 'On a phone the menu closes once a page opens.',
  },
  table: {
    'lookups.failed':
      'Codes show instead of their texts; the table still works. A passing failure is retried a few times on its own, and a refresh asks again.',
    'data.confirmingDelete': 'Deleting asks for confirmation first.',
    'data.ready:page.change:0': 'After a page change the table scrolls back to the top (800 ms).',
    'data.ready:size.change:0': 'A new page size starts again at page 1.',
    'data.ready:rows.delete:1': 'Batch delete with no row selected: a warning asks to select a row first.',
    'data.ready:cell.edit:0': 'Locked rows (synchronised, approved and the like) cannot be edited.',
    'data.deleting:xstate.done.actor.deleteRows:0':
      'Deleting the last rows of a page shows the page before it.',
    'data.savingCell:xstate.done.actor.saveCell:0':
      'The saved row replaces the old one in place, with the updated message.',
    'data.savingCell:xstate.error.actor.saveCell:0':
      'A refused save keeps the typed value so it can be corrected.',
  },
  record: {
    viewing: 'Detail view: every field and picker is read-only.',
    'loadingLookups:xstate.error.actor.loadDictionaries:0':
      'Codes show instead of texts; the record still loads.',
    'editing:record.reload:0':
      'A workflow step decided on the page changed the record on the server: it is read again, so the form shows what was decided and the next save carries the new version.',
    'editing:form.submit:0': 'Nothing changed: nothing is sent.',
    'editing:form.submit:2':
      'A required field left empty ("… is required"), or a number, date or code typed wrong: each problem shows under its field and nothing is sent.',
    'saving:xstate.done.actor.saveRecord:1':
      'Saved: the answer becomes the new original, with the updated message.',
    'saving:xstate.error.actor.saveRecord:0':
      'The server refused one field: its message shows under that field, once, and every typed value stays.',
    'saving:xstate.error.actor.saveRecord:1':
      'A refused save (a stale version) keeps every typed value; its message shows once.',
  },
  picker: {
    'picker:mode.change:0': 'A page switching to the detail view closes its pickers; they stay shut.',
    'picker:params.change:0':
      'The form changed what the searches filter by (the CPU dialog: the model chosen); the next search sends it.',
    'closed:picker.open:0': 'In the detail view pickers are read-only: they do not open.',
    'closed:value.clear:0': 'Clearing is a change, so a read-only picker cannot clear either.',
    'open:picker.close:0': 'Closing forgets keyword, page and selection.',
    'open.ready:search.submit:0': 'A new keyword starts again at page 1.',
    'open.ready:page.change:0': 'Pages of the picker size: 10, company pickers 20, the CPU dialog 50.',
    'open.ready:selection.change:0': 'A single-choice picker keeps only the row chosen last.',
    'open.ready:selection.confirm:0':
      'Confirming with nothing selected warns the nothing-selected warning and keeps the dialog open.',
    'open.ready:selection.confirm:1': 'The chosen record goes to the form; the field shows its text.',
    'open.ready:selection.confirm:2':
      'A picker whose fill-in setting returns no record is a configuration error, and says so.',
  },
  upload: {
    settling: 'Where the list stands after anything happened: empty, all uploaded, or with a failed file.',
    idle: 'No file yet.',
    done: 'Every file in the list is uploaded.',
    failed: 'A file failed to upload; its line says so until removed.',
    uploading: 'One file at a time, in the order picked; more files may be picked meanwhile.',
    confirmingDelete: 'the delete confirmation',
    'idle:files.select:0':
      'Each picked file is checked in turn: count limit, format, size, duplicate name and size. A refused file is told by its message and left out; the others are queued.',
    'done:files.select:0':
      'Each picked file is checked in turn: count limit, format, size, duplicate name and size. A refused file is told by its message and left out; the others are queued.',
    'done:file.delete:0': 'Deleting an uploaded file asks the delete confirmation first.',
    'failed:files.select:0':
      'Each picked file is checked in turn: count limit, format, size, duplicate name and size. A refused file is told by its message and left out; the others are queued.',
    'failed:file.delete:0': 'Deleting an uploaded file asks the delete confirmation first.',
    'failed:file.delete:1': 'A failed line is only on the screen: it goes without asking the server.',
    'uploading:upload.fail:0':
      'An answer whose state is not true is a failure: the upload-failed message, and the upload reports an error.',
    'downloading:xstate.error.actor.resolveDownload:0': 'the download-failed message',
  },
  export: {
    coolingDown: 'After a successful export the button is locked for 30 s, counting down in its label.',
    'exporting:xstate.done.actor.runExport:0':
      'A sync export answered no URL: the empty-URL message, and no cooldown.',
    'exporting:xstate.done.actor.runExport:1':
      'The file is ready: its URL opens in the same window, which downloads it.',
    'exporting:xstate.done.actor.runExport:2':
      'A job export: the export-started message; the file appears in the export log.',
    'exporting:xstate.error.actor.runExport:0':
      "A refused export shows the server's message and can be retried at once.",
    'export:export.progress:0':
      'The started job has done this share of its rows: the bar under the button moves.',
    'export:export.finished:0': 'The file is ready in the export log: the bar goes and the person is told.',
    'export:export.finished:1':
      'The job failed: the bar goes and the person is told to look at the export log.',
  },
  import: {
    'upload.sending:import.done:0': 'every row passed and is written: the list shows them',
    'upload.sending:import.done:1':
      'some rows were refused: nothing is written, the reasons are shown per row',
  },
  exportLog: {
    'open.shown': 'The rows are on screen: look again, turn pages, download a finished file.',
    'open.shown.watching': 'While a job is exporting the log looks again every 2 s, so its progress moves.',
    'open.loading:xstate.done.actor.fetchLog:0':
      'The log has fewer pages than the one asked for: its last page is shown instead.',
    'open.downloading:xstate.error.actor.fetchFile:0': 'A failed download shows the download-failed message.',
  },
  companyLookup: {
    'open.fallback': 'Registry and manual entry on, local search off, until the dialog closes.',
    'open.recording': 'The recording POST comes first; nothing else starts until it answers.',
    'closed:lookup.open:0': 'Not in the detail view.',
    'open:lookup.close:0': 'Closing the dialog resets the lookup.',
    'open.local.searching:xstate.done.actor.searchLocal:1':
      'Nothing local: warn the local-miss warning, turn on the registry and manual entry, turn off the local search.',
    'open.local.results:local.choose:0': 'A known local customer fills the form without a recording call.',
    'open.fallback:manual.start:0':
      'Manual entry prompts for the full customer name, starting from the keyword.',
    'open.fallback.manualEntry:manual.confirm:1':
      'The full customer name is required and has at least 4 characters.',
  },
  decision: {
    unavailable:
      'The options could not be read (out of scope, no such stream): nothing is offered until read again.',
    ready: "Offers exactly the server's commands for this person now, and nothing else.",
    asking: 'The dialog names each missing or wrong field; nothing is sent until it is right.',
    'loading:xstate.done.actor.loadOptions:0':
      'The stream first found is kept: once it is decided it is still the one shown, not the next open one.',
    'ready:command.choose:0': 'A command that asks nothing (agree, resubmit, sign) is sent at once.',
    'ready:command.choose:1':
      'A check-in asks the browser where the person is, not the person: there is no dialog.',
    'ready:command.choose:2':
      'Reject and return ask for a reason, withdraw for an optional one, forward for a colleague of the step’s role, a loan’s return or conversion for the units per line.',
    'asking:amount.change:0':
      'The figure an objection proposes instead, typed in the same dialog as its reason.',
    'asking:date.change:0': 'The later due date an extension gives, picked in the dialog.',
    'asking:lossReason.change:0': 'The reason a lost deal names, chosen from the loss reasons.',
    'asking:position.change:0': 'A check-in position typed in degrees, when the browser could not tell it.',
    'asking:colleague.pick:0': 'Picked among the enabled employees of the role the step waits for.',
    'asking:line.change:0': 'How many units of a line still open, and for a return what inspection found.',
    'asking:dialog.confirm:1':
      'A reason where required (at most 500 characters), someone to forward to, some units of the lines still open and none past what is open.',
    'locating:xstate.done.actor.locate:0':
      'The position and its accuracy as the browser reported them go with the command.',
    'locating:xstate.error.actor.locate:0':
      'The browser may not or cannot say where the person is: they are told why, and nothing is sent.',
    'submitting:xstate.done.actor.decide:0':
      'Decided: the answer is the options after the decision, so the buttons change with it; the person is told and the record page reloads its record.',
    'submitting:xstate.error.actor.decide:0':
      'Refused (a stale version — someone else decided first —, not your step, a colleague of another role): the server’s words stay on the panel and the options reload.',
  },
  roleMenus: {
    'loadingRole:role.select:0': 'A later pick wins over one still loading.',
    'loadingRole:xstate.done.actor.loadRole:0':
      'Pages the catalogue no longer has are dropped: they could not be granted again.',
    'editing:menu.toggle:0':
      'Ticking a module, group or page with detail pages ticks every page under it; when all of them were ticked already, it unticks them all.',
    'editing:changes.save:0': 'Only a role whose ticks differ from the saved ones can be saved.',
    'editing:changes.discard:0': 'Discarding brings back the ticks as last saved.',
    'editing:role.select:0': 'Leaving a role with unsaved ticks asks first.',
    'editing:role.create:0': 'A new role replaces the one in the editor, so unsaved ticks are asked about.',
    'saving:xstate.error.actor.saveRole:0':
      'A refused save (say, someone else saved the role first) keeps the ticks, so nothing is lost; picking the role again loads the newer version.',
    'deleting:xstate.error.actor.deleteRole:0':
      'The server refuses to delete a role its employees still have, and the administrator role.',
    'creating:form.submit:1': 'Code (JS + 3 digits, not taken), both names and the data scope are required.',
    'creatingRole:xstate.done.actor.createRole:0':
      'A new role starts with no pages; the administrator ticks them next.',
  },
  employeeAdmin: {
    'idle:employee.create:0':
      'Only account administrators (holders of the roles-and-menus page) create accounts.',
    'idle:employee.edit:0': 'Only account administrators edit accounts; the form loads the current version.',
    'idle:change.undo:0': 'Undoing the last confirmed change asks first; only account administrators may.',
    'idle:password.reset:0':
      "Every holder of the page may reset others' passwords; a system administrator's only an account administrator.",
    'form.submission.open:form.submit:0': 'A form without changes saves nothing.',
    'form.submission.open:form.submit:1':
      'The initial password follows the password rule: 8+ characters, letters and digits.',
    'form.submission.saving:xstate.done.actor.saveEmployee:0':
      'Only the changed fields and the version go out; the list reloads.',
    'form.submission.saving:xstate.error.actor.saveEmployee:0':
      'A refusal keeps what was typed and names the field it is about; a stale version says someone else saved first.',
    'form.cities:form.change:0': 'A new province lists its cities; the city chosen before is cleared.',
    'form.companies:company.search:0':
      'Agent roles belong to a company, found by name; a newer search replaces an older one.',
    'resetForm:form.submit:1': 'The temporary password follows the password rule too.',
    'resetting:xstate.done.actor.resetPassword:0':
      'The employee must change the password at the next login; their sessions have ended.',
    'undoing:xstate.error.actor.undoChange:0': 'Only the latest confirmed change can be undone, once.',
  },
  cronJob: {
    'loading:xstate.done.actor.loadJob:0':
      'A job whose run is queued or running is watched until the run has finished.',
    'ready:job.runNow:0': 'A run already queued is not asked for again: one request, one run.',
    'ready:job.enable:0': 'Enabling schedules the next run from now, by the job’s expression.',
    'ready.watching:xstate.done.actor.pollRun:1':
      'The run has finished (or the page stops looking after a minute).',
    'switching:xstate.error.actor.switchJob:0':
      'A stale version (someone else changed the job) is said as the server words it.',
    'editing:form.submit:0': 'The expression, timeout and params are checked before anything is sent.',
    'saving:xstate.done.actor.saveSchedule:0': 'Only the changed fields and the version go out.',
    'saving:xstate.error.actor.saveSchedule:0':
      'The server’s refusal is shown under the field it names; what was typed stays.',
  },
  cacheAdmin: {
    'idle:cache.clear:0':
      'Clearing costs only reloads: the next reads load the data again, so nothing asks for confirmation.',
  },
  booksCheck: {
    'ready:books.run:0': 'A check only reads: it asks for no confirmation and changes no record.',
  },
  servers: {
    'ready:servers.reload:0': 'Heartbeats move on: a refresh shows who is live now, and who stopped.',
  },
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
      'A fitted diagram is fitted again to the new panel; a zoom the analyst chose stays.',
    'preparing:xstate.done.actor.prepareDiagram:0':
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
  shipmentReceipt: {
    shown:
      'The server says whether this person may answer now: the agent’s staff or sales operations, while it awaits receipt.',
    reporting:
      'A receipt exception (damage, shortage) needs a note of what is wrong; its resolution, of what was done.',
    'shown:resolution.open:0':
      'Sales operations settle a reported exception (replaced, compensated): it then counts as received.',
  },
  deliveryInfo: {
    'shown:address.use:0': 'Only while something of the order is left to ship.',
    'shown:info.confirm:0': 'Not yet confirmed, or modified since, and something left to ship.',
  },
  policyVersions: {
    shown:
      'The server says whether this person may draft a version now: a published or effective policy without an unpublished version, by whoever enters policies.',
  },
  rspSti: {
    shown:
      'HQ (the channel department, the executive, the administrator) may calculate; everyone who opens the line sees the figures.',
  },
  ...businessWorkflowDescriptions,
};
