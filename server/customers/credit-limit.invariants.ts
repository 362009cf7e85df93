import { sql } from 'kysely';
import { CREDIT_LIMIT_FIELDS } from '../../domain/credit-limits';
import { creditLimitChangeDeclaration } from '../../machines/workflows/credit-limit-change.workflow';
import type { Invariant } from '../books/invariant';

const amount = (text: string) => sql.raw(`nullif(${text}, '')::numeric`);

/** An agent's credit limits (docs/credit-limits.md, docs/books.md). */
export const creditLimitInvariants = {
  // Only an approved request writes the limits: an agent that has one holds what the last one gave.
  limitIsLastApproved: {
    page: 'customers.rspDetail',
    query: sql`select c.object_id, c.name as label, coalesce(c.data->>${CREDIT_LIMIT_FIELDS.own}, '') as "limit",
        coalesce(c.data->>${CREDIT_LIMIT_FIELDS.partner}, '') as "partnerLimit",
        coalesce(a.own, '') as approved, coalesce(a.partner, '') as "approvedPartner"
      from customer c cross join lateral (select s.state->'context'->'requested'->>'CreditLimit' as own,
          s.state->'context'->'requested'->>'PartnerCreditLimit' as partner
        from workflow_stream s where s.workflow = ${creditLimitChangeDeclaration.name}
          and s.subject_resource = 'customer' and s.subject_id = c.object_id and s.status = 'approved'
        order by s.updated_at desc, s.stream_id desc limit 1) a
      where ${amount(`c.data->>'${CREDIT_LIMIT_FIELDS.own}'`)} is distinct from ${amount('a.own')}
        or ${amount(`c.data->>'${CREDIT_LIMIT_FIELDS.partner}'`)} is distinct from ${amount('a.partner')}`,
  },
} satisfies Record<string, Invariant>;
