import type { z } from 'zod';
import { PortalError } from './envelope';

/**
 * Parses a request body with its schema. The first problem is named with its field, so the person
 * sees which input is wrong; nothing is written before the body is valid.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.join('.') || 'body';
  if (issue.code === 'invalid_type' && issue.input === undefined) {
    throw new PortalError(400, 'server.fieldRequired', { field });
  }
  throw new PortalError(400, 'server.invalidField', { field, problem: issue.message });
}
