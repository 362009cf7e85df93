import { pageById } from '../../../catalogue/catalogue';
import type { FieldDef } from '../../../catalogue/types';
import { codeEntries } from '../../../domain/codes/code';
import { OpportunityChannelType } from '../../../domain/codes/opportunities.codes';
import type { DictionaryOption } from '../../../domain/dictionary';

/** The role field as the form of business.channelManagement (business.channelParticipantEdit) declares it (a dropdown of the channel-type dictionary). */
export const roleField = pageById('business.channelParticipantEdit')?.fields?.find(
  (f) => f.field === 'ParticipantRole',
) as FieldDef;

/** The channel-type dictionary (RSP, CSP, ASP, CCP) as the kit's dropdown takes it, in the reader's language. */
export const roleOptions = (lang: string): DictionaryOption[] =>
  codeEntries(OpportunityChannelType).map(([keyword, zh, en]) => ({
    keyword,
    content: lang === 'en' ? en : zh,
  }));
