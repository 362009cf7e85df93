import { fromCallback, fromPromise } from 'xstate';
import { ExportStatus } from '../../domain/codes/base.codes';
import { EXPORT_PROGRESS_POLL_MS } from '../../domain/constants';
import {
  type ExportFile,
  type ExportLogRow,
  exportNow,
  exportProgress,
  fetchExportFile,
  searchExportLog,
  startExport,
} from '../../services/export.service';
import { type ExportEvent, type ExportRequest, exportMachine, type FollowJobInput } from './export.machine';
import { exportLogMachine, type LogQuery } from './export-log.machine';

/** The export button's machine, wired to /portal/excelExport and the browser's window. */
export const exportLogic = exportMachine.provide({
  actors: {
    runExport: fromPromise<string, ExportRequest>(({ input }) =>
      input.mode === 'sync'
        ? exportNow(input.configCode, input.params)
        : startExport(input.configCode, input.params),
    ),
    // Asks the server how far the job is, one question at a time, until it is done or failed.
    followJob: fromCallback<ExportEvent, FollowJobInput>(({ input, sendBack }) => {
      let stopped = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const ask = async () => {
        if (stopped || !input.jobId) return;
        try {
          const progress = await exportProgress(input.jobId);
          if (stopped) return;
          if (progress.status === ExportStatus.exporting) {
            sendBack({ type: 'export.progress', percent: progress.Percent, rows: progress.done });
            timer = setTimeout(ask, EXPORT_PROGRESS_POLL_MS);
          } else sendBack({ type: 'export.finished', ok: progress.status === ExportStatus.completed });
        } catch {
          if (!stopped) sendBack({ type: 'export.finished', ok: false });
        }
      };
      void ask();
      return () => {
        stopped = true;
        if (timer) clearTimeout(timer);
      };
    }),
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
