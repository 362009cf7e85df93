import type { z } from 'zod';
import { PortalError } from './envelope';

/**
 * Parses a request body with its schema. The first problem is named with its field and described in
 * the caller's language, so the person sees which input is wrong; nothing is written before the body
 * is valid.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.join('.') || 'body';
  if (
    valueAt(body, issue.path) === undefined ||
    (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1)
  ) {
    throw new PortalError(400, 'server.fieldRequired', { field });
  }
  throw new PortalError(400, 'server.invalidField', { field, problem: problemKey(issue) });
}

function valueAt(body: unknown, path: PropertyKey[]): unknown {
  let value = body;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** A locale key under server.problems, with the limits it names, translated by the error handler. */
function problemKey(issue: z.core.$ZodIssue): { key: string; params: Record<string, unknown> } {
  switch (issue.code) {
    case 'invalid_type':
      return { key: 'server.problems.type', params: { expected: issue.expected } };
    case 'too_big':
      return {
        key: `server.problems.tooBig.${issue.origin === 'string' ? 'string' : 'other'}`,
        params: { limit: issue.maximum },
      };
    case 'too_small':
      return {
        key: `server.problems.tooSmall.${issue.origin === 'string' ? 'string' : 'other'}`,
        params: { limit: issue.minimum },
      };
    case 'invalid_format':
      return { key: 'server.problems.format', params: {} };
    case 'invalid_value':
      return { key: 'server.problems.value', params: { values: issue.values.join(', ') } };
    default:
      return { key: 'server.problems.invalid', params: {} };
  }
}
