import '../styles/files.css';
import { useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { useEffect, useRef } from 'react';
import { type FileAttachment, SERVER_MAX_UPLOAD_MB } from '../../domain/files';
import { uploadLogic } from '../../machines/kit/upload.actors';
import { typesLabel } from '../../machines/kit/upload.rules';
import type { UploadInput } from '../../machines/kit/upload.types';
import { useT } from '../app-context';
import { FileList } from './file-list';
import { useNoticeToasts } from './use-notice-toasts';

export interface FileUploadProps extends Omit<UploadInput, 'files'> {
  value?: FileAttachment[];
  onChange?(files: FileAttachment[]): void;
  /** SPEC §8: an upload failure is also told to the page as an event. */
  onUploadError?(failure: { fileName: string; reason?: string }): void;
}

const sameFiles = (a: FileAttachment[], b: FileAttachment[]) =>
  a.length === b.length && a.every((f, i) => f.ObjectID === b[i].ObjectID && f.FileURL === b[i].FileURL);

/** `accept` of the file input: extensions get their dot, MIME types stay as they are. */
const acceptAttribute = (accept: string[] | undefined) =>
  accept?.map((a) => (a.includes('/') ? a : `.${a.replace(/^\./, '')}`)).join(',');

/** The upload control (SPEC §2, §5, §9): button, tip, the file list, delete with confirmation. */
export function FileUpload({ value, onChange, onUploadError, ...input }: FileUploadProps) {
  const t = useT();
  const actor = useActorRef(uploadLogic, { input: { ...input, files: value } });
  const items = useSelector(actor, (s) => s.context.items);
  const rules = useSelector(actor, (s) => s.context.rules);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const confirming = useSelector(actor, (s) => s.matches('confirmingDelete'));
  const readOnly = input.readOnly ?? false;
  const picker = useRef<HTMLInputElement>(null);
  const latest = useRef({ onChange, onUploadError });
  latest.current = { onChange, onUploadError };
  const announced = useRef<FileAttachment[]>(value ?? []);

  useNoticeToasts(actor);
  useEffect(() => {
    const subs = [
      actor.on('uploadError', (e) => latest.current.onUploadError?.(e)),
      actor.on('changed', (e) => {
        announced.current = e.files;
        latest.current.onChange?.(e.files);
      }),
      actor.on('open', (e) => window.location.assign(e.url)),
    ];
    return () => {
      for (const sub of subs) sub.unsubscribe();
    };
  }, [actor]);

  // A value set from outside (the record loaded, the form reset) replaces the list; our own echo does not.
  useEffect(() => {
    const files = value ?? [];
    if (sameFiles(files, announced.current)) return;
    announced.current = files;
    actor.send({ type: 'files.reset', files });
  }, [actor, value]);

  const multiple = input.multiple !== false;
  return (
    <div className="portal-file-upload" aria-busy={busy}>
      {!readOnly && (
        <div className="portal-file-actions">
          <input
            ref={picker}
            type="file"
            hidden
            multiple={multiple}
            accept={acceptAttribute(rules.accept)}
            onChange={(e) => {
              const files = Array.from(e.currentTarget.files ?? []);
              e.currentTarget.value = '';
              if (files.length > 0) actor.send({ type: 'files.select', files });
            }}
          />
          <Button
            type="button"
            size="small"
            outlined
            icon="pi pi-upload"
            label={t(multiple ? 'kitFiles.upload' : 'kitFiles.uploadSingle')}
            onClick={() => picker.current?.click()}
          />
          <span className="portal-file-tip">
            {t('kitFiles.tip', { n: rules.maxSizeMb ?? SERVER_MAX_UPLOAD_MB, types: typesLabel(rules) })}
          </span>
        </div>
      )}
      <FileList
        items={items}
        readOnly={readOnly}
        busy={busy}
        onDownload={(uid) => actor.send({ type: 'file.download', uid })}
        onDelete={(uid) => actor.send({ type: 'file.delete', uid })}
        t={t}
      />
      <ConfirmDialog
        visible={confirming}
        header={t('kitFiles.confirmTitle')}
        message={t('kitFiles.confirmDelete')}
        icon="pi pi-exclamation-triangle"
        acceptLabel={t('kitFiles.confirm')}
        rejectLabel={t('kitFiles.cancel')}
        accept={() => actor.send({ type: 'delete.confirm' })}
        reject={() => actor.send({ type: 'delete.cancel' })}
        onHide={() => confirming && actor.send({ type: 'delete.cancel' })}
      />
    </div>
  );
}
