import { readFile } from 'node:fs/promises';
import { AGREEMENT_PLACEHOLDERS, unknownPlaceholders } from '../../domain/agreement-placeholders';
import { PortalError } from '../http/envelope';
import { templateTags, UnreadableTemplate } from './docx';

/** SPEC §3 file-owner code of an agreement template's file. */
export const TEMPLATE_FILE_OWNER = 221;

/**
 * An agreement template in Word is read before it is kept: a placeholder the portal cannot fill, or a
 * tag left open, is refused with the names, so no agent ever signs an agreement with a hole in it.
 * Other formats (a PDF kept for reference) are stored as they are and never filled.
 */
export async function checkTemplateFile(path: string, extension: string) {
  if (extension !== 'docx') return;
  let tags: string[];
  try {
    tags = templateTags(await readFile(path));
  } catch (error) {
    if (error instanceof UnreadableTemplate)
      throw new PortalError(400, 'agreements.errors.unreadable', { problem: error.message });
    throw error;
  }
  const unknown = unknownPlaceholders(tags);
  if (unknown.length)
    throw new PortalError(400, 'agreements.errors.unknownPlaceholders', {
      names: unknown.join(', '),
      known: AGREEMENT_PLACEHOLDERS.join(', '),
    });
}

/**
 * What a file's owner asks of its content beyond the rules every upload follows: an agreement
 * template's placeholders. Every upload runs it, a person's (/portal/file/uploadFile) and the server's own.
 */
export async function checkOwnerContent(ownerType: number, path: string, extension: string) {
  if (ownerType === TEMPLATE_FILE_OWNER) await checkTemplateFile(path, extension);
}
