import { fromCallback, fromPromise } from 'xstate';
import {
  fetchImportTemplate,
  ImportFailed,
  rejectedRowsLink,
  sendImport,
} from '../../services/import.service';
import { saveBase64File } from './export.actors';
import { type ImportEvent, importMachine, type TemplateFile } from './import.machine';

/** The import dialog's machine, wired to /portal/import and the browser; closing it aborts an upload. */
export const importLogic = importMachine.provide({
  actors: {
    sendImport: fromCallback<ImportEvent, { file: File; pageId: string }>(({ input, sendBack }) => {
      const handle = sendImport(
        input.file,
        input.pageId,
        (percent) => sendBack({ type: 'import.progress', percent }),
        (rows, percent) => sendBack({ type: 'import.checked', rows, percent }),
      );
      handle.done.then(
        (answer) => sendBack({ type: 'import.done', answer }),
        (error) =>
          sendBack({
            type: 'import.fail',
            message: error instanceof ImportFailed ? error.message : String(error),
          }),
      );
      return () => handle.abort();
    }),
    fetchTemplate: fromPromise<TemplateFile, string>(({ input }) => fetchImportTemplate(input)),
    resolveRejected: fromPromise<string, string>(({ input }) => rejectedRowsLink(input)),
  },
  actions: {
    saveFile: (_, file) => saveBase64File(file),
    openUrl: (_, url) => window.location.assign(url),
  },
});
