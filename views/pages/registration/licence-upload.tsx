import '../../styles/files.css';
import { useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { useEffect, useRef } from 'react';
import type { FileAttachment } from '../../../domain/files';
import { publicLicenceLogic } from '../../../machines/registration/public-lookup.actors';
import { useT } from '../../app-context';
import { FileList } from '../../kit/file-list';
import { useNoticeToasts } from '../../kit/use-notice-toasts';

interface LicenceUploadProps {
  id: string;
  /** The region chosen so far: the licence is filed under it for the province's reviewers. */
  region: { ProvinceCode?: string; CityCode?: string };
  onChange(files: FileAttachment[]): void;
}

/** The business-licence upload of the public pages: the kit's upload statechart on the public address. */
export function LicenceUpload({ id, region, onChange }: LicenceUploadProps) {
  const t = useT();
  const regionRef = useRef(region);
  regionRef.current = region;
  const actor = useActorRef(
    publicLicenceLogic(() => regionRef.current),
    {
      input: { ownerType: 101, accept: ['pdf', 'jpg', 'jpeg', 'png'], maxSizeMb: 10, limit: 5 },
    },
  );
  const items = useSelector(actor, (s) => s.context.items);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const confirming = useSelector(actor, (s) => s.matches('confirmingDelete'));
  const picker = useRef<HTMLInputElement>(null);
  const latest = useRef({ onChange });
  latest.current = { onChange };

  useNoticeToasts(actor);
  useEffect(() => {
    const sub = actor.on('changed', (e) => latest.current.onChange(e.files));
    return () => sub.unsubscribe();
  }, [actor]);

  return (
    <div className="portal-file-upload" aria-busy={busy}>
      <div className="portal-file-actions">
        <input
          ref={picker}
          id={id}
          type="file"
          hidden
          accept=".pdf,.jpg,.jpeg,.png"
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
          label={t('kitFiles.upload')}
          onClick={() => picker.current?.click()}
        />
        <span className="portal-file-tip">{t('registration.licenceTip')}</span>
      </div>
      <FileList
        items={items}
        readOnly={false}
        busy={busy}
        onDownload={() => {}}
        onDelete={(uid) => actor.send({ type: 'file.delete', uid })}
        t={t}
      />
      <ConfirmDialog
        visible={confirming}
        header={t('kitFiles.confirmTitle')}
        message={t('kitFiles.confirmDelete')}
        acceptLabel={t('kitFiles.confirm')}
        rejectLabel={t('kitFiles.cancel')}
        accept={() => actor.send({ type: 'delete.confirm' })}
        reject={() => actor.send({ type: 'delete.cancel' })}
        onHide={() => confirming && actor.send({ type: 'delete.cancel' })}
      />
    </div>
  );
}
