import { Button } from 'primereact/button';
import { formatFileSize } from '../../domain/format';
import type { UploadItem } from '../../machines/kit/upload.rules';
import type { Translate } from '../app-context';

interface FileListProps {
  items: UploadItem[];
  readOnly: boolean;
  busy: boolean;
  onDownload(uid: string): void;
  onDelete(uid: string): void;
  t: Translate;
}

const iconOf = (name: string) =>
  /\.(png|jpe?g|gif|bmp|webp)$/i.test(name)
    ? 'pi-image'
    : /\.pdf$/i.test(name)
      ? 'pi-file-pdf'
      : /\.(xlsx?|csv)$/i.test(name)
        ? 'pi-file-excel'
        : /\.docx?$/i.test(name)
          ? 'pi-file-word'
          : 'pi-file';

/** The control's files: name (a download link once uploaded), size, progress while sending, delete. */
export function FileList({ items, readOnly, busy, onDownload, onDelete, t }: FileListProps) {
  if (items.length === 0)
    return readOnly ? <div className="portal-file-empty">{t('kitFiles.empty')}</div> : null;
  return (
    <ul className="portal-file-list" aria-label={t('kitFiles.list')}>
      {items.map((item) => (
        <li key={item.uid} className={`portal-file-item is-${item.status}`} data-status={item.status}>
          <i className={`pi ${iconOf(item.fileName)}`} aria-hidden="true" />
          {item.status === 'done' ? (
            <a
              className="portal-file-name"
              href={item.fileUrl}
              title={t('kitFiles.download')}
              onClick={(e) => {
                e.preventDefault();
                if (!busy) onDownload(item.uid);
              }}
            >
              {item.fileName}
            </a>
          ) : (
            <span className="portal-file-name">{item.fileName}</span>
          )}
          <span className="portal-file-size">{formatFileSize(item.size)}</span>
          <span className="portal-file-item-actions">
            {item.status === 'failed' && <span className="portal-file-failed">{t('kitFiles.failed')}</span>}
            {!readOnly && (item.status === 'done' || item.status === 'failed') && (
              <Button
                type="button"
                text
                size="small"
                severity="danger"
                icon="pi pi-trash"
                disabled={busy}
                aria-label={t(item.status === 'done' ? 'kitFiles.delete' : 'kitFiles.remove')}
                title={t(item.status === 'done' ? 'kitFiles.delete' : 'kitFiles.remove')}
                onClick={() => onDelete(item.uid)}
              />
            )}
          </span>
          {(item.status === 'queued' || item.status === 'uploading') && (
            <progress
              max={100}
              value={item.progress}
              aria-label={t('kitFiles.uploading', { percent: item.progress })}
            />
          )}
        </li>
      ))}
    </ul>
  );
}
