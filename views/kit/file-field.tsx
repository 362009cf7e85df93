import { useMemo } from 'react';
import { DEFAULT_FILE_ACCEPT, DEFAULT_FILE_MAX_MB, type FileAttachment } from '../../domain/files';
import { FileUpload } from './file-upload';

export interface FileFieldProps {
  /** The record's value of a `file` field: a list of attachments (or its JSON text). */
  value: unknown;
  onChange(files: FileAttachment[]): void;
  /** action=detail: the list with download links only. */
  readOnly?: boolean;
  /** SPEC §3 file-owner type code, e.g. FILE_OWNER_TYPES.customer (101). */
  ownerType: number;
  /** The record the files belong to, once it exists. */
  ownerId?: string;
  documentType?: number;
  accept?: readonly string[];
  maxSizeMb?: number;
  limit?: number;
  multiple?: boolean;
  image?: boolean;
}

const isAttachment = (v: unknown): v is FileAttachment =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as FileAttachment).FileURL === 'string' &&
  typeof (v as FileAttachment).FileName === 'string';

/** Whatever a record holds in a file field, as the list of attachments the control shows. */
export function attachmentsOf(value: unknown): FileAttachment[] {
  let list = value;
  if (typeof value === 'string' && value.trim().startsWith('[')) {
    try {
      list = JSON.parse(value);
    } catch {
      list = [];
    }
  }
  return Array.isArray(list) ? list.filter(isAttachment) : [];
}

/**
 * A `file` field of the generic record pages: the upload control with the portal's defaults
 * (pdf/jpg/png/Word/Excel up to 10 MB, at most 20 files); the value is the list of attachments.
 */
export function FileField({ value, readOnly = false, accept, maxSizeMb, ...rest }: FileFieldProps) {
  const files = useMemo(() => attachmentsOf(value), [value]);
  return (
    <FileUpload
      // The control's mode is part of its statechart's input: a new mode is a new control.
      key={readOnly ? 'read' : 'edit'}
      {...rest}
      value={files}
      readOnly={readOnly}
      accept={accept ?? DEFAULT_FILE_ACCEPT}
      maxSizeMb={maxSizeMb ?? DEFAULT_FILE_MAX_MB}
    />
  );
}
