import '../styles/export.css';
import { useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import type { ActorRefFrom } from 'xstate';
import { DIALOG_DEFAULT_WIDTH } from '../../domain/constants';
import { formatDateTime } from '../../domain/format';
import { exportLogLogic } from '../../machines/kit/export.actors';
import { COMPLETED, EXPORTING } from '../../machines/kit/export-log.machine';
import { type Translate, useT } from '../app-context';
import { Dialog } from './dialog';
import { useNoticeToasts } from './use-notice-toasts';

type LogActor = ActorRefFrom<typeof exportLogLogic>;

/** The toolbar's export-log button and its dialog (SPEC §2): the person's exports of this page. */
export function ExportLogButton({ configCode }: { configCode?: string }) {
  const t = useT();
  const log = useActorRef(exportLogLogic, { input: { configCode } });
  const open = useSelector(log, (s) => s.matches('open'));

  useNoticeToasts(log);

  return (
    <>
      <Button
        size="small"
        text
        icon="pi pi-history"
        label={t('kitExport.exportLog')}
        onClick={() => log.send({ type: 'log.open' })}
      />
      <Dialog
        header={t('kitExport.logTitle')}
        visible={open}
        style={{ width: DIALOG_DEFAULT_WIDTH, minWidth: '36rem' }}
        className="portal-export-log"
        onHide={() => log.send({ type: 'log.close' })}
      >
        {open && <ExportLogTable log={log} t={t} />}
      </Dialog>
    </>
  );
}

function ExportLogTable({ log, t }: { log: LogActor; t: Translate }) {
  const rows = useSelector(log, (s) => s.context.rows);
  const total = useSelector(log, (s) => s.context.total);
  const currentPage = useSelector(log, (s) => s.context.currentPage);
  const pageSize = useSelector(log, (s) => s.context.pageSize);
  const busy = useSelector(log, (s) => s.hasTag('busy'));
  const failure = useSelector(log, (s) => (s.matches({ open: 'failed' }) ? s.context.error : undefined));
  const pages = Math.max(1, Math.ceil(total / pageSize));

  return (
    <div className="portal-export-log-body" aria-busy={busy}>
      {failure && (
        <div className="portal-form-error" role="alert">
          {t('kitExport.loadFailed', { message: t(failure) || failure })}
        </div>
      )}
      <table className="portal-export-log-table">
        <thead>
          <tr>
            <th>{t('kitExport.columns.configName')}</th>
            <th>{t('kitExport.columns.status')}</th>
            <th>{t('kitExport.columns.createName')}</th>
            <th>{t('kitExport.columns.createdTime')}</th>
            <th>{t('kitExport.columns.progress')}</th>
            <th>{t('kitExport.columns.file')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={6}>{t('kitExport.empty')}</td>
            </tr>
          )}
          {rows.map((row) => (
            <tr key={row.ObjectID} data-status={row.status}>
              <td>{row.configName}</td>
              <td className="portal-export-status">{row.statusName}</td>
              <td>{row.createName}</td>
              <td>{formatDateTime(row.createdTime)}</td>
              <td>
                {row.status === EXPORTING ? (
                  <ProgressBar
                    value={row.total > 0 ? Math.floor((row.done / row.total) * 100) : 0}
                    displayValueTemplate={() => t('kitExport.progress', { done: row.done, total: row.total })}
                  />
                ) : (
                  t('kitExport.rows', { total: row.total })
                )}
              </td>
              <td>
                {row.status === COMPLETED && row.file && (
                  <Button
                    size="small"
                    text
                    icon="pi pi-download"
                    label={t('kitExport.download')}
                    aria-label={`${t('kitExport.download')} ${row.file}`}
                    disabled={busy}
                    onClick={() => log.send({ type: 'file.download', file: row.file! })}
                  />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="portal-export-log-pager">
        <Button
          size="small"
          text
          icon="pi pi-refresh"
          label={t('kitExport.refresh')}
          onClick={() => log.send({ type: 'log.refresh' })}
        />
        <Button
          size="small"
          text
          label={t('kitExport.previous')}
          disabled={currentPage <= 1}
          onClick={() => log.send({ type: 'page.change', page: currentPage - 1 })}
        />
        <span>{t('kitExport.page', { page: currentPage, pages })}</span>
        <Button
          size="small"
          text
          label={t('kitExport.next')}
          disabled={currentPage >= pages}
          onClick={() => log.send({ type: 'page.change', page: currentPage + 1 })}
        />
      </div>
    </div>
  );
}
