import type { FileAttachment } from '../../domain/files';
import type { UploadRules } from '../../domain/validators';
import type { UploadItem, UploadOptions, UploadSource } from './upload.rules';

/** Who the uploaded files belong to (SPEC §3 file-owner and document type codes). */
export interface UploadOwner {
  ownerType: number;
  ownerId?: string;
  documentType?: number;
}

export interface UploadInput extends UploadOptions, UploadOwner {
  files?: FileAttachment[];
  readOnly?: boolean;
  /** Upload address; SPEC §9 default /portal/file/uploadFile (image mode needs one too). */
  action?: string;
}

export interface UploadContext {
  items: UploadItem[];
  sources: Record<string, UploadSource>;
  rules: UploadRules;
  owner: UploadOwner;
  action: string;
  readOnly: boolean;
  seq: number;
  pendingDelete?: string;
}

/** What the sending actor needs for one file. */
export interface SendFileInput {
  source: UploadSource;
  owner: UploadOwner;
  rules: UploadRules;
  action: string;
}

export type UploadEvent =
  | { type: 'files.select'; files: UploadSource[] }
  | { type: 'files.reset'; files: FileAttachment[] }
  | { type: 'upload.progress'; percent: number }
  | { type: 'upload.done'; objectId: string; fileUrl: string }
  | { type: 'upload.fail'; reason?: string }
  | { type: 'file.delete'; uid: string }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'file.download'; uid: string };

export type UploadEmitted =
  | {
      type: 'notify';
      severity: 'success' | 'warn' | 'error';
      message: string;
      params?: Record<string, unknown>;
    }
  | { type: 'uploadError'; fileName: string; reason?: string }
  | { type: 'changed'; files: FileAttachment[] }
  | { type: 'open'; url: string };
