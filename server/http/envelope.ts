/** The /portal envelope (ARCHITECTURE.md §3): every answer says whether it worked and why not. */
export interface Envelope<T = unknown> {
  state: boolean;
  message: string;
  results?: T;
  totalSize?: number;
  code?: string;
}

export const ok = <T>(results: T, extra: { totalSize?: number; message?: string } = {}): Envelope<T> => ({
  state: true,
  message: extra.message ?? '',
  results,
  ...(extra.totalSize !== undefined ? { totalSize: extra.totalSize } : {}),
});

/** What comes before the results in a successful envelope, as `ok` writes it. */
const OK_HEAD = '{"state":true,"message":"","results":';
/** UTF-8 takes at most 3 bytes for each UTF-16 unit of a text (4 for a pair of them). */
const MOST_UTF8_BYTES_PER_UNIT = 3;

/**
 * `ok` of results already written as JSON (a list's page the database wrote), as the answer's bytes:
 * the same envelope, nothing decoded and encoded again. The page is written once, into room for the
 * longest UTF-8 it could take: handed a text, Fastify measured its UTF-8 length and Node then encoded
 * it, two passes over a page of Chinese names that cost 1.2 ms for 100 rows, a third of the request.
 */
export function okJson(resultsJson: string, extra: { totalSize: number; totalEstimated?: boolean }) {
  const tail = `,"totalSize":${extra.totalSize}${extra.totalEstimated ? ',"totalEstimated":true' : ''}}`;
  const bytes = Buffer.allocUnsafe(
    OK_HEAD.length + MOST_UTF8_BYTES_PER_UNIT * resultsJson.length + tail.length,
  );
  let at = bytes.write(OK_HEAD, 0, 'latin1');
  at += bytes.write(resultsJson, at, 'utf8');
  at += bytes.write(tail, at, 'latin1');
  return bytes.subarray(0, at);
}

/**
 * A refusal a person can act on. The message is a locale key under `server.` with its parameters,
 * translated into the caller's language when the answer is sent.
 */
export class PortalError extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: string,
    readonly params: Record<string, unknown> = {},
    readonly code?: string,
  ) {
    super(messageKey);
  }
}

/** What a person confirms in a dialog, as a save sends it back (`Confirmed: { [name]: value }`). */
export interface Confirmation {
  name: string;
  value: string | number;
}

/**
 * A write that goes through only once a person confirms it: a 409 whose message is the question (what
 * the write would carry along) and whose envelope's `confirm` says what the save sends back to confirm
 * it. The value is the figure asked about (how many records move), so a confirmation given for another
 * figure than the records have now is asked again instead of taken.
 */
export class ConfirmationAsked extends PortalError {
  constructor(
    messageKey: string,
    params: Record<string, unknown>,
    readonly confirm: Confirmation,
  ) {
    super(409, messageKey, params);
  }
}

export const unauthorized = (messageKey: string) => new PortalError(401, messageKey, {}, '401');
export const forbidden = () => new PortalError(403, 'server.forbidden');
/** A field whose value is wrong; the problem is a locale key (or key with parameters) under server.problems. */
export const badField = (field: string, problem: string | { key: string; params: Record<string, unknown> }) =>
  new PortalError(400, 'server.invalidField', {
    field,
    problem: typeof problem === 'string' ? { key: problem, params: {} } : problem,
  });

/**
 * The allowed values a refusal lists: each worded by the first locale table (a key prefix) that has
 * it, else as sent. Carried as a parameter and put into words with the rest of the error's.
 */
export interface AllowedValues {
  allowedValues: readonly unknown[];
  wordsIn: readonly string[];
  /** The dictionary options the values are codes of, whose words name them (server/http/coded-fields.ts). */
  options?: readonly (readonly [code: string, zh: string, en: string])[];
}

export const allowedValues = (
  values: readonly unknown[],
  wordsIn: readonly string[],
  options?: AllowedValues['options'],
): AllowedValues => ({ allowedValues: values, wordsIn, ...(options ? { options } : {}) });

export const isAllowedValues = (value: unknown): value is AllowedValues =>
  typeof value === 'object' && value !== null && Array.isArray((value as AllowedValues).allowedValues);
