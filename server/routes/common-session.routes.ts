import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/database';
import { ok } from '../http/envelope';
import { langOf } from '../http/i18n';
import { parseBody } from '../http/validate';
import { dictionaryOptions } from '../lookups/dictionary-options';

const lookup = z.object({
  code: z.string().trim().min(1).max(80),
  /** An extra content filter some lookups carry (SPEC §3), e.g. RSP or CCP for the channel type. */
  content: z.string().trim().max(80).optional(),
});

/** Dictionary options for a lookup code, in the caller's language; disabled options are left out. */
export function commonSessionRoutes(app: FastifyInstance, db: Db) {
  app.post('/portal/commonSession/searchAll', { config: { access: 'session' } }, async (request) => {
    const { code, content } = parseBody(lookup, request.body);
    const english = langOf(request.headers['accept-language']) === 'en';
    const options = await dictionaryOptions(db, code);
    return ok(
      options
        .filter((option) => option.enabled && (!content || option.keyword === content))
        .map((option) => ({
          keyword: option.keyword,
          content: english ? option.contentEn : option.contentZh,
        })),
    );
  });
}
