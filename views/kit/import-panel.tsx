import { useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { useEffect, useId } from 'react';
import type { PageEntry } from '../../catalogue/types';
import { importLogic } from '../../machines/kit/import.actors';
import { useT } from '../app-context';
import { ImportVerdict } from './import-verdict';
import { useNoticeToasts } from './use-notice-toasts';

/**
 * A list's import (issue "Import"): the template to fill, the workbook to send with its progress, and
 * the server's verdict — all rows imported, or none with the reason for each refused row.
 */
export function ImportPanel({ page, onImported }: { page: PageEntry; onImported?: () => void }) {
  const t = useT();
  const inputId = useId();
  const importer = useActorRef(importLogic, { input: { pageId: page.id } });
  const busy = useSelector(importer, (s) => s.hasTag('busy'));
  const downloading = useSelector(importer, (s) => s.hasTag('downloading'));
  const progress = useSelector(importer, (s) => s.context.progress);
  const checked = useSelector(importer, (s) => s.context.checked);
  const file = useSelector(importer, (s) => s.context.file);
  const error = useSelector(importer, (s) => s.context.error);

  useNoticeToasts(importer);
  useEffect(() => {
    const sub = importer.on('imported', () => onImported?.());
    return () => sub.unsubscribe();
  }, [importer, onImported]);

  return (
    <div className="portal-import-panel">
      <div className="portal-toolbar">
        <Button
          size="small"
          text
          icon="pi pi-download"
          label={t('imports.kit.template')}
          loading={downloading}
          onClick={() => importer.send({ type: 'template.download' })}
        />
      </div>
      <p>
        <label htmlFor={inputId}>{t('imports.kit.choose')}</label>{' '}
        <input
          id={inputId}
          type="file"
          accept=".xlsx"
          disabled={busy}
          onChange={(e) => {
            const chosen = e.currentTarget.files?.[0];
            if (chosen) importer.send({ type: 'file.choose', file: chosen });
            e.currentTarget.value = '';
          }}
        />{' '}
        {file?.name}
      </p>
      <Button
        size="small"
        icon="pi pi-check"
        label={t('imports.kit.upload')}
        disabled={!file || busy}
        loading={busy}
        onClick={() => importer.send({ type: 'import.start' })}
      />
      {busy && (
        <div role="status">
          {progress < 100 ? (
            <>
              <ProgressBar value={progress} />
              {t('imports.kit.uploading', { percent: progress })}
            </>
          ) : checked ? (
            <>
              <ProgressBar value={checked.percent} />
              {t('imports.kit.checked', { rows: checked.rows, percent: checked.percent })}
            </>
          ) : (
            <>
              <ProgressBar mode="indeterminate" />
              {t('imports.kit.checking')}
            </>
          )}
        </div>
      )}
      {error && (
        <div className="portal-form-error" role="alert">
          {t('imports.kit.failed', { message: error })}
        </div>
      )}
      <ImportVerdict importer={importer} />
    </div>
  );
}
