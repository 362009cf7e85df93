import { type Kysely, sql } from 'kysely';

/** The words of its opportunity every participant row shows, read live so a rename or a decision shows at once. */
const OPPORTUNITY_WORDS = sql.raw(`'opportunityId', o.object_id::text,
  'ExtOpportunityNOText_SDK', o.data->>'ExtOpportunityNOText_SDK',
  'ExtOpportunityName_SDK', o.data->>'Name',
  'ExtOppCustomerName_SDK', o.data->>'ExtOppCustomerName_SDK',
  'ExtOpportunityStatus_SDK', o.data->>'ExtOpportunityStatus_SDK'`);

/** Pages that are new in the menu of every role holding the list they split from. */
const NEW_PAGES: [page: string, from: string][] = [
  // The channel list keeps its own page; 商机渠道管理 lists each deal's agents.
  ['business.channelDirectory', 'business.channelManagement'],
  ['business.channelParticipantEdit', 'business.channelManagement'],
];

/**
 * 商机渠道管理 lists the agents taking part in each opportunity with their role in the deal
 * (docs/opportunities.md, its table of what a channel sales team asked for). The agents the owner or
 * vendor staff add are rows of `record` (resource `opportunityParticipant`); the view adds the registering agent of each deal, with
 * the channel type of its record, so the owner is always listed and follows an owner change. Every row
 * takes its scope from its opportunity: whoever sees the deal sees its agents, nobody else (an added
 * agent is given no view of the deal, docs/decisions.md). A stored row naming the current owner is
 * left out (the registrant's row stands for it).
 */
export async function up(db: Kysely<unknown>) {
  await sql`create index record_opportunity_participant_idx on record ((data->>'opportunityId'))
    where resource = 'opportunityParticipant'`.execute(db);
  await sql`create view opportunity_participant as
    select o.object_id, o.version, o.created_at, o.created_by, o.created_by_name, o.updated_at, o.updated_by_name,
      o.company_id, o.province_code, o.city_code,
      jsonb_build_object(${OPPORTUNITY_WORDS}, 'AgentID', c.object_id::text, 'AgentName', c.name,
        'ParticipantRole', c.channel_type, 'Registrant', true) as data
    from record o join customer c on c.object_id = o.company_id
    where o.resource = 'opportunity'
    union all
    select p.object_id, p.version, p.created_at, p.created_by, p.created_by_name, p.updated_at, p.updated_by_name,
      o.company_id, o.province_code, o.city_code,
      p.data || jsonb_build_object(${OPPORTUNITY_WORDS}, 'Registrant', false) as data
    from record p join record o on o.resource = 'opportunity' and o.object_id::text = p.data->>'opportunityId'
    where p.resource = 'opportunityParticipant'
      and p.data->>'AgentID' is distinct from o.company_id::text`.execute(db);
  for (const [page, from] of NEW_PAGES)
    await sql`insert into role_menu (role_code, menu_id, path)
      select role_code, ${page}, ${page} from role_menu where path = ${from}
      on conflict (role_code, menu_id) do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  for (const [page] of NEW_PAGES) await sql`delete from role_menu where path = ${page}`.execute(db);
  await sql`drop view opportunity_participant`.execute(db);
  await sql`drop index record_opportunity_participant_idx`.execute(db);
  await sql`delete from record where resource = 'opportunityParticipant'`.execute(db);
}
