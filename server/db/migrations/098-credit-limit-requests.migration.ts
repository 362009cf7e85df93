import { type Kysely, sql } from 'kysely';

/** The list of credit-limit requests, and the roles that hold the agent lists beside which it stands. */
const PAGE = 'customers.creditLimitRequests';
const BESIDE = 'customers.rspInfo';

/**
 * Credit-limit requests as a list (docs/credit-limits.md "The to-do"): one row per request of the
 * workflow creditLimitChange, read from its stream and the agent it is about, never copied. The row
 * carries the agent's scope columns, so a list is read through the caller's scope as the agent lists
 * are, and who the request waits for (`awaiting_role`, `awaiting_person`), so the to-do lens reads the
 * row. A row's id is the stream's, as a uuid.
 */
export async function up(db: Kysely<unknown>) {
  await sql`create view credit_limit_request as
    select md5(s.stream_id)::uuid as object_id, s.version, first.at as created_at,
      first.actor_name as created_by_name, s.updated_at, last.actor_name as updated_by_name,
      c.company_id, c.province_code, c.city_code, '{}'::jsonb as data,
      s.stream_id, s.subject_id as customer_id, c.name as agent_name, c.customer_type,
      s.status as request_status, s.pending_role as awaiting_role, s.pending_person as awaiting_person,
      (s.state #>> '{context,previous,CreditLimit}')::numeric(18, 2) as previous_credit_limit,
      (s.state #>> '{context,requested,CreditLimit}')::numeric(18, 2) as credit_limit,
      (s.state #>> '{context,previous,PartnerCreditLimit}')::numeric(18, 2) as previous_partner_credit_limit,
      (s.state #>> '{context,requested,PartnerCreditLimit}')::numeric(18, 2) as partner_credit_limit,
      s.state #>> '{context,requestReason}' as request_reason,
      s.state #>> '{context,applicant,name}' as requested_by, first.at as requested_on,
      s.state #>> '{context,decidedBy,name}' as decided_by, decision.at as decided_on,
      s.state #>> '{context,reason}' as decision_reason
    from workflow_stream s
      join customer c on c.object_id = s.subject_id
      cross join lateral (select e.at, e.actor_name from workflow_event e
        where e.stream_id = s.stream_id order by e.seq limit 1) first
      cross join lateral (select e.actor_name from workflow_event e
        where e.stream_id = s.stream_id order by e.seq desc limit 1) last
      left join lateral (select e.at from workflow_event e
        where e.stream_id = s.stream_id and e.type like 'review.%' order by e.seq desc limit 1) decision on true
    where s.workflow = 'creditLimitChange'`.execute(db);

  // Whoever holds the agent lists holds the requests' list beside them (a new database: the role seed).
  await sql`insert into role_menu (role_code, menu_id, path)
    select role_code, ${PAGE}, ${PAGE} from role_menu where menu_id = ${BESIDE}
    on conflict (role_code, menu_id) do nothing`.execute(db);
}
