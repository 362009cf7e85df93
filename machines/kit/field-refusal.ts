import type { FieldDef } from '../../catalogue/types';
import { HttpError } from '../../services/http.service';
import { ConfirmationAsked, FieldRefusal } from './record.machine';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wireName = (field: string) =>
  new RegExp(`(?<![A-Za-z0-9_])${escapeRegExp(field)}(?![A-Za-z0-9_])`, 'g');

/**
 * A refused save as the form shows it. The server names a field by its key (`field` in the envelope)
 * or starts its message with the field: by its on-screen label, or, from an older server, by its wire
 * name, which is replaced here by the label in the reader's language. A refusal naming no field of
 * the form (a stale version, a network failure) stays as it is; one that asks the person to confirm
 * the save becomes the question the form puts to them.
 */
export function refusalOf(error: unknown, fields: FieldDef[], labelOf: (field: string) => string): unknown {
  if (!(error instanceof HttpError) || error.kind !== 'refused') return error;
  // Longer names first, so EndDate is not read as a part of ExtEndDate_SDK.
  const byLength = [...fields].sort((a, b) => b.field.length - a.field.length);
  let message = error.message;
  for (const field of byLength) message = message.replace(wireName(field.field), labelOf(field.field));
  // A save the server takes once the person confirms it: the message is the question.
  const confirm = error.body?.confirm;
  if (confirm && typeof confirm.name === 'string') return new ConfirmationAsked(message, confirm);
  const named = (error.body as { field?: unknown } | undefined)?.field;
  const field =
    typeof named === 'string' && fields.some((f) => f.field === named)
      ? named
      : byLength
          .filter((f) => message.startsWith(labelOf(f.field)))
          .sort((a, b) => labelOf(b.field).length - labelOf(a.field).length)[0]?.field;
  return field ? new FieldRefusal(message, field) : new HttpError(message, error.kind, error.body);
}

/** The wire name of the field a refusal's envelope names (`field`), when it names one. */
export function namedField(error: unknown): string | undefined {
  const named =
    error instanceof HttpError ? (error.body as { field?: unknown } | undefined)?.field : undefined;
  return typeof named === 'string' ? named : undefined;
}
