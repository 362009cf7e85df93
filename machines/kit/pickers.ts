import {
  COMPANY_PICKER_PAGE_SIZE,
  CPU_PICKER_PAGE_SIZE,
  PICKER_PAGE_SIZE,
  REGISTRY_PICKER_PAGE_SIZE,
} from '../../domain/constants';
import type { PickerRow } from '../../services/lookup.service';

/**
 * Every picker of SPEC §2 as data: where it searches, how many rows a page holds (SPEC §9), the §3
 * fields its table shows, and its returnFn — what the chosen rows put into the form, keyed by the
 * field the picker serves (the value of that key is the text the field shows).
 */
export interface PickerDefinition {
  name: string;
  endpoint: string;
  pageSize: number;
  /** The row field that tells rows apart (selection). */
  key: string;
  columns: string[];
  /** Columns holding a dictionary code → the dictionary whose text they show. */
  dictionaries?: Record<string, string>;
  returnFn: (selected: PickerRow[], field: string) => unknown;
  /**
   * The row field a chosen row shows as in the form, when the picker's text is its rows' texts joined
   * (`textOf`): a picker of several rows opens again with the rows of its field's text still chosen.
   */
  text?: string;
  /** 'company' is the company lookup dialog (local search, registry, manual entry), not a table picker. */
  kind: 'table' | 'company';
  /** What every search of this picker sends besides keyword and paging (the CPU dialog's searchType). */
  params?: Record<string, unknown>;
}

const SEPARATOR = ',';

/** The text of the chosen rows: one row's value, or several joined with commas. */
const textOf = (column: string) => (selected: PickerRow[], field: string) => ({
  [field]: selected.map((row) => String(row[column] ?? '')).join(SEPARATOR),
});

/** The rows' texts a field's text was joined from (`textOf` read back); none for an empty field. */
export function chosenTexts(value: unknown): string[] {
  const text = Array.isArray(value) ? value.join(SEPARATOR) : value == null ? '' : String(value);
  return text
    .split(SEPARATOR)
    .map((part) => part.trim())
    .filter(Boolean);
}

const table = (
  name: string,
  endpoint: string,
  columns: string[],
  textColumn: string,
  options: Partial<Pick<PickerDefinition, 'pageSize' | 'key' | 'dictionaries' | 'params'>> = {},
): PickerDefinition => ({
  name,
  endpoint,
  columns,
  ...(options.dictionaries ? { dictionaries: options.dictionaries } : {}),
  ...(options.params ? { params: options.params } : {}),
  pageSize: options.pageSize ?? PICKER_PAGE_SIZE,
  key: options.key ?? 'ObjectID',
  returnFn: textOf(textColumn),
  text: textColumn,
  kind: 'table',
});

/** A picker of deals, chosen by their number. */
const opportunityTable = (name: string, endpoint: string) =>
  table(
    name,
    endpoint,
    [
      'ExtOpportunityNOText_SDK',
      'Name',
      'ExtOpportunityStage_SDK',
      'ExtEstimatedSalesAmountcontent_SDK',
      'ExtOppCustomerName_SDK',
    ],
    'ExtOpportunityNOText_SDK',
    { dictionaries: { ExtOpportunityStage_SDK: 'OpportunityStage' } },
  );

export const pickers: Record<string, PickerDefinition> = {
  // SPEC §7: the CPU dialog reads the CPQ catalogue's processors (searchType '2'), 50 a page; a form
  // that knows the selection adds its platform, brand, type and model as the field's params.
  cpu: table('cpu', '/oppProductComponent/searchPage', ['cpu', 'cpuShort'], 'cpu', {
    pageSize: CPU_PICKER_PAGE_SIZE,
    key: 'cpu',
    params: { searchType: '2' },
  }),
  commitmentLetter: table(
    'commitmentLetter',
    '/commitmentLetterLookup/search',
    [
      'commitmentLetterNo',
      'opportunityNo',
      'opportunityName',
      'type',
      'estimatedBidOpeningDate',
      'creator',
      'createTime',
    ],
    'commitmentLetterNo',
    { dictionaries: { type: 'CommitmentLetterType' } },
  ),
  customer: table(
    'customer',
    '/customerLookup/search',
    ['Name', 'Ext_CustomerType_KUT', 'AccountID', 'ExtAgentID_SDK', 'ExtChannelSmallType_SDK'],
    'Name',
    { dictionaries: { ExtChannelSmallType_SDK: 'ChannelType' } },
  ),
  employee: table(
    'employee',
    '/employee/search',
    ['LastName', 'ExtUserName_SDK', 'ExtRoleName_SDK', 'ExtH3cFlag_SDK'],
    'LastName',
  ),
  // An order's city manager: the managers the order's agent may name on its form (the form's field sends
  // the agent and the form, catalogue `pickerSends`), not every employee.
  cityManager: table(
    'cityManager',
    '/orderCityManagerLookup/search',
    ['LastName', 'ExtUserName_SDK', 'ExtRoleName_SDK'],
    'LastName',
  ),
  // A daily report's recipient: the writer's managers (the server knows whose), not the writer's own scope.
  manager: table(
    'manager',
    '/employee/search',
    ['LastName', 'ExtUserName_SDK', 'ExtRoleName_SDK'],
    'LastName',
    {
      params: { Managers: true },
    },
  ),
  // A daily report's copies: the writer's managers and the people of the writer's own scope together,
  // the list the server holds the field to.
  copyReader: table(
    'copyReader',
    '/employee/search',
    ['LastName', 'ExtUserName_SDK', 'ExtRoleName_SDK'],
    'LastName',
    { params: { CopyReaders: true } },
  ),
  opportunity: opportunityTable('opportunity', '/opportunityLookup/search'),
  // An order's (or a loan's) opportunity: the deals of the form's agent (the form's field sends the agent
  // and the form, catalogue `pickerSends`), the ones its save accepts, not every deal the caller sees.
  agentDeal: opportunityTable('agentDeal', '/orderOpportunityLookup/search'),
  // Products by part number, name or model (the opportunity's products, special-price lines); a form
  // that knows the opportunity's product line sends it as the field's params. Never a cost.
  product: table('product', '/productLookup/search', ['pn', 'Name', 'ProductModel', 'StandardPrice'], 'pn', {
    key: 'pn',
  }),
  // The published or effective policies a rebate task may be set on, chosen by number.
  rebatePolicy: table(
    'rebatePolicy',
    '/rebatePolicyLookup/search',
    ['AnnouncementNo', 'Title', 'Brand', 'ChannelTier', 'PeriodType', 'PolicyVersion'],
    'AnnouncementNo',
    { dictionaries: { Brand: 'Brand', ChannelTier: 'RebateChannelTier', PeriodType: 'RebatePeriodType' } },
  ),
  region: table('region', '/region/search', ['code', 'name'], 'name', { key: 'code' }),
  industry: table('industry', '/industry/search', ['code', 'name'], 'name', { key: 'code' }),
  strategicCustomer: table(
    'strategicCustomer',
    '/strategicCustomer/search',
    ['customerName', 'province', 'industry', 'named', 'director'],
    'customerName',
    { dictionaries: { industry: 'CustomerIndustry' } },
  ),
  opportunityChannel: table(
    'opportunityChannel',
    '/opportunityChannelLookup/search',
    ['channelName', 'channelType'],
    'channelName',
    { dictionaries: { channelType: 'OpportunityChannelType' } },
  ),
  company: {
    name: 'company',
    endpoint: '/companyInfo/search',
    pageSize: COMPANY_PICKER_PAGE_SIZE,
    key: 'CompanyName',
    columns: ['CompanyName', 'Representative', 'CreditCode'],
    returnFn: textOf('CompanyName'),
    kind: 'company',
  },
};

/** The company registry list of the company lookup: 20 rows a page, no other size (SPEC §9). */
export const registryPicker = {
  endpoint: '/qcc/search',
  pageSize: REGISTRY_PICKER_PAGE_SIZE,
  key: 'KeyNo',
  columns: ['Name', 'OperName', 'CreditCode', 'Status', 'StartDate', 'No'],
} as const;

export const pickerOf = (name: string): PickerDefinition | undefined => pickers[name];
