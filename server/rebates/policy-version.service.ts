import { sql } from 'kysely';
import { AnnouncementStatus } from '../../domain/codes/rebates.codes';
import type { Db } from '../db/database';
import { grantedActions } from '../http/access';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { resourceDef } from '../resources/registry';
import { baseConditions } from '../resources/search';
import { selectColumns, toWire } from '../resources/wire';
import { createRecord, getRecord } from '../resources/write';

/** The policy entry form: a new version is entered and checked as a policy entered by hand is. */
const ENTRY_FORM = 'rebates.announcementEntry';
/** AnnouncementStatus of a policy in force (published, in effect): the only ones a new version corrects. */
const LIVE: string[] = [AnnouncementStatus.published, AnnouncementStatus.inEffect];
/** AnnouncementStatus of a version still being written or approved: one at a time per policy. */
const UNPUBLISHED: string[] = [AnnouncementStatus.draft, AnnouncementStatus.inApproval];
/**
 * What a new version copies: the text and every calculation parameter, for its author to correct.
 * Attachments stay with the version they were uploaded to (a file belongs to one record); the new
 * version's author attaches its own.
 */
const COPIED = [
  'Title',
  'Brand',
  'ProductLine',
  'ChannelTier',
  'PeriodType',
  'StartDate',
  'EndDate',
  'CalcBasis',
  'PayoutMethod',
  'MinAchievementRate',
  'Tiers',
  'Content',
] as const;

const inTransaction = <T>(db: Db, work: (trx: Db) => Promise<T>) =>
  db.isTransaction ? work(db) : db.transaction().execute(work);

/**
 * `POST /portal/rebateAnnouncement/newVersion` (`ObjectID`): a correction of a published policy, whose
 * calculation parameters are frozen (notes §5.2). A new announcement copies the old one, numbered
 * afresh with the next version number and linked to it, and starts as a draft its author edits,
 * submits and has approved like any policy; the old one stays in force until the new one is published.
 * Refused for a policy not published or in effect, and while another version of it is unpublished.
 */
export async function draftNewVersion(db: Db, caller: Caller, body: Record<string, unknown>) {
  const def = resourceDef('rebateAnnouncement')!;
  return inTransaction(db, async (trx) => {
    const old = await getRecord(trx, def, caller, body.ObjectID);
    // Two drafts of one policy at once would race past the check below: the old row serialises them.
    await sql`select 1 from record where object_id = ${String(old.ObjectID)} for update`.execute(trx);
    if (!LIVE.includes(String(old.AnnouncementStatus ?? '')))
      throw new PortalError(409, 'rebate.policy.versionOfLiveOnly', { no: old.AnnouncementNo });
    const open = await sql<{ no: string }>`select data->>'AnnouncementNo' as no from record
      where resource = 'rebateAnnouncement' and data->>'PreviousVersionID' = ${String(old.ObjectID)}
        and data->>'AnnouncementStatus' in (${sql.join(UNPUBLISHED)})`.execute(trx);
    if (open.rows[0]) throw new PortalError(409, 'rebate.policy.versionOpen', { no: open.rows[0].no });
    const copy: Record<string, unknown> = { PageID: ENTRY_FORM };
    for (const field of COPIED) if (old[field] !== undefined && old[field] !== null) copy[field] = old[field];
    const created = await createRecord(trx, def, caller, copy);
    const link = {
      AnnouncementType: old.AnnouncementType ?? created.AnnouncementType ?? null,
      PolicyVersion: (Number(old.PolicyVersion) || 1) + 1,
      PreviousVersionID: String(old.ObjectID),
      PreviousVersionNo: old.AnnouncementNo ?? null,
    };
    await sql`update record set data = data || ${JSON.stringify(link)}::jsonb
      where object_id = ${String(created.ObjectID)}`.execute(trx);
    return getRecord(trx, def, caller, created.ObjectID);
  });
}

/** How far a version chain is followed: far beyond any policy's corrections, short of a loop. */
const MAX_VERSIONS = 50;

/**
 * `POST /portal/rebateAnnouncement/versions` (`ObjectID`): every version of the policy the caller may
 * see, oldest first — the ones it corrects and the ones correcting it, drafts and rejected ones
 * included — and whether the caller may draft the next version of this one now.
 */
export async function policyVersions(db: Db, caller: Caller, body: Record<string, unknown>) {
  const def = resourceDef('rebateAnnouncement')!;
  const self = await getRecord(db, def, caller, body.ObjectID);
  const inScope = sql.join(baseConditions(def, caller), sql` and `);
  const read = async (condition: ReturnType<typeof sql<boolean>>) =>
    (
      await sql<Record<string, unknown>>`select ${selectColumns(def)} from record t
        where ${inScope} and ${condition}`.execute(db)
    ).rows.map((row) => toWire(def, row));
  const chain = new Map<string, Record<string, unknown>>([[String(self.ObjectID), self]]);
  let oldest = self;
  while (typeof oldest.PreviousVersionID === 'string' && chain.size < MAX_VERSIONS) {
    const [previous] = await read(sql<boolean>`t.object_id::text = ${oldest.PreviousVersionID}`);
    if (!previous || chain.has(String(previous.ObjectID))) break;
    chain.set(String(previous.ObjectID), previous);
    oldest = previous;
  }
  let newest = [self];
  while (newest.length && chain.size < MAX_VERSIONS) {
    const ids = newest.map((v) => String(v.ObjectID));
    newest = (await read(sql<boolean>`t.data->>'PreviousVersionID' in (${sql.join(ids)})`)).filter(
      (v) => !chain.has(String(v.ObjectID)),
    );
    for (const version of newest) chain.set(String(version.ObjectID), version);
  }
  const versions = [...chain.values()]
    .map((v) => ({
      ObjectID: v.ObjectID,
      AnnouncementNo: v.AnnouncementNo ?? null,
      PolicyVersion: Number(v.PolicyVersion) || 1,
      AnnouncementStatus: v.AnnouncementStatus ?? null,
      PreviousVersionID: v.PreviousVersionID ?? null,
    }))
    .sort(
      (a, b) =>
        a.PolicyVersion - b.PolicyVersion || String(a.AnnouncementNo).localeCompare(String(b.AnnouncementNo)),
    );
  const openDraft = versions.some(
    (v) => v.PreviousVersionID === self.ObjectID && UNPUBLISHED.includes(String(v.AnnouncementStatus)),
  );
  const mayCreate = (await grantedActions(db, caller.roleCode, def.name)).has('create');
  return {
    Versions: versions,
    MayDraft: mayCreate && LIVE.includes(String(self.AnnouncementStatus ?? '')) && !openDraft,
  };
}
