import { type Kysely, sql } from 'kysely';

/**
 * A third-party payment agreement is kept for its agent (server/payments/payer-agreement.ts): the
 * agent's id in `company_id` and its region in the scope columns, which its form's rule writes when it
 * is saved and which a receipt's payer check reads. The agreements saved before named their agent by
 * name alone; each is given the one agent of that name. One whose name no agent has, or two agents
 * share, is left for a person to correct: it lets no payer pay until someone saves it again.
 */
export async function up(db: Kysely<unknown>) {
  await sql`update record r set company_id = c.object_id, province_code = c.province_code, city_code = c.city_code
    from customer c
    where r.resource = 'payerAgreement' and r.company_id is null and c.name = r.data->>'AgentName'
      and (select count(*) from customer twin where twin.name = c.name) = 1`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`update record set company_id = null where resource = 'payerAgreement'`.execute(db);
}
