import { CronJobStatus } from '../../domain/codes/base.codes';
import { type CodeEntry, codeEntries } from '../../domain/codes/code';
import { ChannelType } from '../../domain/codes/customers.codes';
import { OpportunityChannelType } from '../../domain/codes/opportunities.codes';

/**
 * The dictionary of a request field that takes one of a dictionary's codes (a job's status, an
 * agent's channel): a refusal lists the allowed codes by their dictionary words, as every screen says
 * them, never as the codes sent.
 */
const CODED_REQUEST_FIELDS: Record<string, object> = {
  Status: CronJobStatus,
  ExtChannelSmallType_SDK: ChannelType,
  to: ChannelType,
  channelType: OpportunityChannelType,
};

/** The options of the dictionary a request field takes, with their words; undefined for any other field. */
export function codedOptionsOf(field: string): readonly CodeEntry[] | undefined {
  const dictionary = Object.hasOwn(CODED_REQUEST_FIELDS, field) ? CODED_REQUEST_FIELDS[field] : undefined;
  return dictionary ? codeEntries(dictionary) : undefined;
}
