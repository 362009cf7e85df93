import { UUID_PATTERN } from '../../domain/uuid';
import type { Db } from '../db/database';
import { fieldError } from '../http/validate';
import type { ResourceDef } from '../resources/registry';
import { downloadPath, filesDb } from './file.repo';

/** The keys of an attachment as the file lists answer it (file.repo.ts toAttachment). */
const ATTACHMENT_KEYS = new Set([
  'ObjectID',
  'FileName',
  'FileURL',
  'Size',
  'MimeType',
  'OwnerType',
  'OwnerID',
  'DocumentType',
  'CreatedBy',
  'CreationOn',
]);

const isFlatAttachment = (item: unknown): item is Record<string, unknown> =>
  typeof item === 'object' &&
  item !== null &&
  !Array.isArray(item) &&
  Object.entries(item).every(
    ([key, value]) => ATTACHMENT_KEYS.has(key) && (value === null || typeof value !== 'object'),
  );

/**
 * A record's file field holds only attachments the server itself stored: each names a live uploaded
 * file by its ObjectID, and its FileURL is that file's own download path. So a forged link
 * (`javascript:…`, another site) or a nested document never reaches a page that renders the field.
 * Values have passed the kind check (values.ts) before; null (no files) passes.
 */
export async function checkAttachmentValues(db: Db, def: ResourceDef, values: Record<string, unknown>) {
  const wanted = new Map<string, string>();
  for (const [field, value] of Object.entries(values)) {
    if (def.fields.get(field)?.kind !== 'file' || value === null || value === undefined) continue;
    const refuse = () => fieldError(def.name, field, 'fileOwner.forgedAttachment');
    if (!Array.isArray(value)) throw refuse();
    for (const item of value) {
      if (!isFlatAttachment(item)) throw refuse();
      const id = item.ObjectID;
      if (typeof id !== 'string' || !UUID_PATTERN.test(id) || item.FileURL !== downloadPath(id))
        throw refuse();
      wanted.set(id.toLowerCase(), field);
    }
  }
  if (wanted.size === 0) return;
  const found = await filesDb(db)
    .selectFrom('file_object')
    .select('object_id')
    .where('object_id', 'in', [...wanted.keys()])
    .where('deleted_at', 'is', null)
    .execute();
  const stored = new Set(found.map((row) => String(row.object_id).toLowerCase()));
  for (const [id, field] of wanted) {
    if (!stored.has(id)) throw fieldError(def.name, field, 'fileOwner.forgedAttachment');
  }
}
