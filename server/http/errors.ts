import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { Envelope } from './envelope';
import { ConfirmationAsked, isAllowedValues, PortalError } from './envelope';
import { fieldWords, valuesWords } from './field-words';
import { type Lang, langOf, translate } from './i18n';

/** Parameters with every message among them, at any depth, put into the reader's words. */
export function wordsOf(lang: Lang, params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(params).map(([k, v]) => [
      k,
      isMessage(v)
        ? translate(lang, v.key, wordsOf(lang, v.params))
        : isAllowedValues(v)
          ? valuesWords(lang, v)
          : v,
    ]),
  );
}

/**
 * Every failure leaves as an envelope a person can act on: a PortalError with its message, a framework
 * refusal (malformed JSON, oversized body) as a 4xx, and anything unexpected as a logged 500.
 */
export function handleError(error: FastifyError | PortalError, request: FastifyRequest, reply: FastifyReply) {
  const lang = langOf(request.headers['accept-language']);
  if (error instanceof PortalError) {
    // A parameter may itself be a message ({ key, params }), such as the problem of an invalid field,
    // whose own parameters may be messages too (a task named by its brand line's words).
    const params = wordsOf(lang, error.params);
    // A field an error names is shown by its label — its resource's when the error names one, else the
    // shared or request field's; a nested one by its line and labels. The envelope also carries its wire
    // name, so a form can mark the input itself.
    const field = typeof params.field === 'string' ? params.field : undefined;
    if (field) params.field = fieldWords(lang, error.params.resource, field);
    const body: Envelope & { field?: string; confirm?: ConfirmationAsked['confirm'] } = {
      state: false,
      message: translate(lang, error.messageKey, params),
    };
    if (field) body.field = field;
    if (error instanceof ConfirmationAsked) body.confirm = error.confirm;
    if (error.code) body.code = error.code;
    return reply.status(error.status).send(body);
  }
  const status = error.statusCode ?? 500;
  if (status === 413)
    return reply.status(413).send({ state: false, message: translate(lang, 'server.bodyTooLarge') });
  if (status >= 400 && status < 500) {
    return reply
      .status(status)
      .send({ state: false, message: translate(lang, 'server.invalidBody', { problem: error.message }) });
  }
  request.log.error(error);
  return reply.status(500).send({ state: false, message: translate(lang, 'server.internal') });
}

const isMessage = (v: unknown): v is { key: string; params: Record<string, unknown> } =>
  typeof v === 'object' && v !== null && typeof (v as { key?: unknown }).key === 'string';

/** Unknown API paths are refused; any other path is the client's history route (deep links). */
export function handleNotFound(clientDir?: string) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    const lang = langOf(request.headers['accept-language']);
    const path = request.url.split('?')[0];
    if (path.startsWith('/portal') || !clientDir || request.method !== 'GET') {
      return reply.status(404).send({ state: false, message: translate(lang, 'server.notFound', { path }) });
    }
    return reply.type('text/html').sendFile('index.html');
  };
}
