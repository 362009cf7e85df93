import {
  AddressType,
  AgreementPdf,
  ChannelType,
  CreditLimitRequestStatus,
  CustomerProcessType,
  CustomerStatus,
  CustomerStatusSelect,
  CustomerType,
  CustomerTypeSelect,
  ProductGroup,
  RegistrationStep,
  TemplateStatus,
  TemplateType,
  TotalAgent,
} from '../../domain/codes/customers.codes';
import type { DictionarySeed } from './dictionaries.data';
import { dictionaryRows } from './dictionary-rows';

/**
 * SPEC §3 "Customer": customer type (and its select variant), customer status (the process status, and
 * its select variant), channel type, product group, total agent; plus the agent approval-process and
 * agreement-template lookups of the agent pages.
 */
export const customerDictionaries: DictionarySeed[] = [
  ...dictionaryRows('ChannelType', 'Customer', ChannelType),
  ...dictionaryRows('CustomerType', 'Customer', CustomerType),
  ...dictionaryRows('CustomerTypeSelect', 'Customer', CustomerTypeSelect),
  ...dictionaryRows('CustomerStatus', 'Customer', CustomerStatus),
  ...dictionaryRows('CustomerStatusSelect', 'Customer', CustomerStatusSelect),
  ...dictionaryRows('ProductGroup', 'Customer', ProductGroup),
  ...dictionaryRows('TotalAgent', 'Customer', TotalAgent),
  ...dictionaryRows('CustomerProcessType', 'Customer', CustomerProcessType),
  ...dictionaryRows('RegistrationStep', 'Customer', RegistrationStep),
  ...dictionaryRows('CreditLimitRequestStatus', 'Customer', CreditLimitRequestStatus),
  ...dictionaryRows('TemplateType', 'Template', TemplateType),
  ...dictionaryRows('TemplateStatus', 'Template', TemplateStatus),
  ...dictionaryRows('AgreementPdf', 'Template', AgreementPdf),
  ...dictionaryRows('AddressType', 'Customer', AddressType),
];
