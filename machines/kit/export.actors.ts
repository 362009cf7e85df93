import { fromPromise } from 'xstate';
import {
  type ExportFile,
  type ExportLogRow,
  exportNow,
  fetchExportFile,
  searchExportLog,
  startExport,
} from '../../services/export.service';
import { type ExportRequest, exportMachine } from './export.machine';
import { exportLogMachine, type LogQuery } from './export-log.machine';

/** The export button's machine, wired to /portal/excelExport and the browser's window. */
export const exportLogic = exportMachine.provide({
  actors: {
    runExport: fromPromise<string, ExportRequest>(({ input }) =>
      input.mode === 'sync'
        ? exportNow(input.configCode, input.params)
        : startExport(input.configCode, input.params),
    ),
  },
  actions: {
    openUrl: (_, { url }) => window.location.assign(url),
  },
});

/** A base64 file as a download: a Blob URL clicked through a temporary link, then released. */
export function saveBase64File(file: ExportFile) {
  const bytes = Uint8Array.from(atob(file.Binary), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: file.MimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.Title;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The export log's machine, wired to /portal/excelExport/search and getFile. */
export const exportLogLogic = exportLogMachine.provide({
  actors: {
    fetchLog: fromPromise<{ rows: ExportLogRow[]; total: number }, LogQuery>(({ input }) =>
      searchExportLog(input),
    ),
    fetchFile: fromPromise<ExportFile, string>(({ input }) => fetchExportFile(input)),
  },
  actions: {
    saveFile: (_, file) => saveBase64File(file),
  },
});
