import {
  ApprovalNodeType,
  ApprovalStatus,
  BaseBidGuide,
  BusinessModel,
  CommitmentLetterQuantity,
  CommitmentLetterStatus,
  CommitmentLetterType,
  CustomerIndustry,
  CustomerLevel,
  LossReason,
  OpportunityChannel,
  OpportunityChannelType,
  OpportunityNewSource,
  OpportunitySource,
  OpportunityStage,
  OpportunityStatus,
  OwnerChangeReason,
  PartnerCustomerIndustry,
  ProcurementMethod,
  ProductLineInfo,
  ProjectConfidence,
  ProjectResults,
  SpecialPriceStatus,
  WinOrNot,
} from '../../domain/codes/opportunities.codes';
import type { DictionarySeed } from './dictionaries.data';
import { dictionaryRows } from './dictionary-rows';

/**
 * SPEC §3 "Opportunity": stage, source, new source, business model, customer industry, partner customer
 * industry, channel, procurement method, base bid guide, project results, win-or-not, loss reason, product
 * line info, approval status, approval node type; plus the status, special-price, commitment-letter and
 * owner-change lookups of the opportunity pages.
 */
export const opportunityDictionaries: DictionarySeed[] = [
  ...dictionaryRows('OpportunityStage', 'Opportunity', OpportunityStage),
  ...dictionaryRows('OpportunityStatus', 'Opportunity', OpportunityStatus),
  ...dictionaryRows('OpportunitySource', 'Opportunity', OpportunitySource),
  ...dictionaryRows('OpportunityNewSource', 'Opportunity', OpportunityNewSource),
  ...dictionaryRows('BusinessModel', 'Opportunity', BusinessModel),
  ...dictionaryRows('CustomerIndustry', 'Opportunity', CustomerIndustry),
  ...dictionaryRows('PartnerCustomerIndustry', 'Opportunity', PartnerCustomerIndustry),
  ...dictionaryRows('OpportunityChannel', 'Opportunity', OpportunityChannel),
  ...dictionaryRows('OpportunityChannelType', 'Opportunity', OpportunityChannelType),
  ...dictionaryRows('ProcurementMethod', 'Opportunity', ProcurementMethod),
  ...dictionaryRows('BaseBidGuide', 'Opportunity', BaseBidGuide),
  ...dictionaryRows('ProjectConfidence', 'Opportunity', ProjectConfidence),
  ...dictionaryRows('ProjectResults', 'Opportunity', ProjectResults),
  ...dictionaryRows('WinOrNot', 'Opportunity', WinOrNot),
  ...dictionaryRows('LossReason', 'Opportunity', LossReason),
  ...dictionaryRows('ProductLineInfo', 'Opportunity', ProductLineInfo),
  ...dictionaryRows('ApprovalStatus', 'Opportunity', ApprovalStatus),
  ...dictionaryRows('ApprovalNodeType', 'Opportunity', ApprovalNodeType),
  ...dictionaryRows('SpecialPriceStatus', 'Opportunity', SpecialPriceStatus),
  ...dictionaryRows('CommitmentLetterType', 'Opportunity', CommitmentLetterType),
  ...dictionaryRows('CommitmentLetterStatus', 'Opportunity', CommitmentLetterStatus),
  ...dictionaryRows('CommitmentLetterQuantity', 'Opportunity', CommitmentLetterQuantity),
  ...dictionaryRows('OwnerChangeReason', 'Opportunity', OwnerChangeReason),
  ...dictionaryRows('CustomerLevel', 'Opportunity', CustomerLevel),
];
