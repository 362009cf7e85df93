import { z } from 'zod';
import { OPPORTUNITY_CHANNEL_TYPES } from '../../domain/constants';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { takenByDealsInScope } from '../letters/letter-line';
import { ownCompanies } from '../opportunities/agent-companies';
import { type ResourceDef, resourceDef } from '../resources/registry';
import { searchRecords } from '../resources/search';
import { pageOf, pickerPaging } from './paging';

/** AnnouncementStatus of a policy in force: published, in effect. */
const LIVE_POLICY_STATUSES = '121,131';

/**
 * Pickers over the engine's own resources (SPEC §3): the engine searches, scopes and pages; a picker
 * only chooses which fields a keyword looks in, which filters it accepts, and the fields it answers.
 */
interface RecordPicker {
  resource: string;
  keywordFields: string[];
  filters: z.ZodRawShape;
  fields: string[];
  /** What an agent's staff are offered instead of the resource's rows, where the field means their own companies. */
  agentRows?: (db: Db, caller: Caller, query: Record<string, unknown>) => Promise<Row[] | undefined>;
  /** The rows offered, where the picker reaches them through another record than the caller's scope of its own. */
  readScope?: ResourceDef['readScope'];
}
type Row = Record<string, unknown>;

/**
 * The channels an agent may name on its registrations: its own company and, for an RSP, the CCPs it
 * supplies (agent-companies.ts), as channel rows; the channel master is the vendor's list, not theirs.
 */
async function ownChannels(db: Db, caller: Caller, query: Record<string, unknown>) {
  const own = await ownCompanies(db, caller, { supplied: true });
  const keyword = typeof query.keyword === 'string' ? query.keyword.trim() : '';
  return own
    ?.filter((c) => !keyword || c.name.includes(keyword))
    .filter((c) => !query.channelType || c.channelType === query.channelType)
    .map((c) => ({ ObjectID: c.id, channelName: c.name, channelType: c.channelType }));
}

export const recordPickers = {
  opportunityLookup: {
    resource: 'opportunity',
    keywordFields: ['ExtOpportunityNOText_SDK', 'Name', 'ExtOppCustomerName_SDK'],
    filters: {},
    fields: [
      'ExtOpportunityNOText_SDK',
      'Name',
      'ExtOpportunityStage_SDK',
      'ExtEstimatedSalesAmountcontent_SDK',
      'ExtOppCustomerName_SDK',
    ],
  },
  strategicCustomer: {
    resource: 'opportunityCustomer',
    keywordFields: ['customerName', 'director'],
    filters: {
      province: z.string().trim().max(50).optional(),
      industry: z.string().trim().max(50).optional(),
    },
    fields: ['customerName', 'province', 'industry', 'named', 'director'],
  },
  opportunityChannelLookup: {
    resource: 'opportunityChannel',
    keywordFields: ['channelName'],
    filters: { channelType: z.enum(OPPORTUNITY_CHANNEL_TYPES).optional() },
    fields: ['channelName', 'channelType'],
    agentRows: ownChannels,
  },
  // The letters a product line's letter cell may take (the server holds the cell to them,
  // server/opportunities/letter-cell.rules.ts): the active letters of the deals the caller holds, read
  // through the deal's scope and not the letter's, of the line's opportunity when it is named.
  commitmentLetterLookup: {
    resource: 'commitmentLetter',
    keywordFields: ['commitmentLetterNo', 'opportunityNo', 'opportunityName'],
    filters: { opportunityNo: z.string().trim().max(40).optional() },
    readScope: takenByDealsInScope,
    fields: [
      'commitmentLetterNo',
      'opportunityNo',
      'opportunityName',
      'estimatedBidOpeningDate',
      'type',
      'creator',
      'createTime',
      'processCreator',
      'processCreateTime',
      'oaLink',
      'originalCommitmentLetterName',
      'originalCommitmentLetterUrl',
    ],
  },
  // The policies a rebate task may be set on: published or in effect (the task form's policy field).
  rebatePolicyLookup: {
    resource: 'rebateAnnouncement',
    keywordFields: ['AnnouncementNo', 'Title'],
    filters: { AnnouncementStatus: z.literal(LIVE_POLICY_STATUSES).default(LIVE_POLICY_STATUSES) },
    fields: ['AnnouncementNo', 'Title', 'Brand', 'ChannelTier', 'PeriodType', 'PolicyVersion'],
  },
} satisfies Record<string, RecordPicker>;

export type RecordPickerName = keyof typeof recordPickers;

export const recordPickerQuery = (name: RecordPickerName) =>
  z.object({ ...pickerPaging, ...recordPickers[name].filters });

/**
 * The resource as the picker searches it: the engine's definition (or a narrower one, `rows`) with the
 * picker's keyword fields.
 */
function lensOf(picker: RecordPicker, rows?: ResourceDef): ResourceDef {
  const def = rows ?? resourceDef(picker.resource);
  if (!def) throw new Error(`The catalogue has no resource ${picker.resource}`);
  return {
    ...def,
    storage: { ...def.storage, keywordFields: picker.keywordFields },
    ...(picker.readScope ? { readScope: picker.readScope } : {}),
  };
}

/** A picker's page of rows; `rows`, the resource as a form's own picker narrows it (an agent's deals). */
export async function searchRecordPicker(
  db: Db,
  caller: Caller,
  name: RecordPickerName,
  query: Record<string, unknown>,
  rows?: ResourceDef,
) {
  const picker: RecordPicker = recordPickers[name];
  const agents = await picker.agentRows?.(db, caller, query);
  if (agents) return pageOf(agents, query as { currentPage: number; pageSize: number });
  const { rows: found, total } = await searchRecords(db, lensOf(picker, rows), caller, query);
  return {
    rows: found.map((row) => {
      const wire: Record<string, unknown> = { ObjectID: row.ObjectID };
      for (const field of picker.fields) wire[field] = row[field] ?? null;
      return wire;
    }),
    total,
  };
}
