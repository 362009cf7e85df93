import type { kitWorkflowDescriptions as zh } from '../zh/workflow-descriptions-kit';

/** The business rules of the shared kit's charts (lists, records, pickers, files, decisions), in English, keyed as the Chinese file is. */
export const kitWorkflowDescriptions: typeof zh = {
  table: {
    'lookups.failed':
      'Codes show instead of their texts; the table still works. A passing failure is retried a few times on its own, and a refresh asks again.',
    'data.confirmingDelete': 'Deleting asks for confirmation first.',
    'data.ready:page.change:0': 'After a page change the table scrolls back to the top (800 ms).',
    'data.loading':
      'A search, sort or page size chosen while a page loads asks again with it, from page 1; the answer on its way is dropped.',
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
    confirming:
      'A dialog asks the question of the refused save: confirmed, the same save is sent again with what was confirmed (the number asked about, so a changed one is asked again); declined, nothing is sent.',
    'saving:xstate.error.actor.saveRecord:0':
      'A save that carries other records along (an RSP moved with its CCPs) is asked first: the question goes to the person, every typed value kept.',
    'saving:xstate.error.actor.saveRecord:1':
      'The server refused one field: its message shows under that field, once, and every typed value stays.',
    'saving:xstate.error.actor.saveRecord:2':
      'A refused save (a stale version) keeps every typed value; its message shows once.',
  },
  picker: {
    'picker:mode.change:0': 'A page switching to the detail view closes its pickers; they stay shut.',
    'picker:params.change:0':
      'The form changed what the searches filter by (the CPU dialog: the model chosen); the next search sends it.',
    'closed:picker.open:0':
      'In the detail view pickers are read-only: they do not open. A picker of several rows opens again with what its field holds still ticked.',
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
};
