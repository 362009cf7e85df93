import type { input as zh } from '../zh/server-input';
import { admin } from './admin';
import { decision } from './decision';
import { requestFields } from './request-fields';
import { specialPrices } from './special-prices';

export const input: typeof zh = {
  blankWrite: 'Fill in the form before saving',
  notAnObject: 'The request body must be a JSON object',
  inUse: 'Other documents refer to this record, so it cannot be deleted',
  duplicate: 'Another record already holds these values; check them and try again',
  badConfirmation: 'The confirmation sent is malformed; save again and confirm in the dialog',
  problems: {
    range: 'must be between {{min}} and {{max}}',
    atLeast: 'must be at least {{min}}',
    integerRange: 'must be a whole number between {{min}} and {{max}}',
    nul: 'must not contain NUL characters',
    objectId: 'is not a valid record id',
    day: 'must be a real date (YYYY-MM-DD) between the years {{min}} and {{max}}',
    instant: 'must be a time between the years {{min}} and {{max}}',
    amount: 'must be an amount of at least 0, at most {{max}}, with at most two decimals',
    reservedName: 'must not be a reserved name',
    notAList: 'must be text or a list of texts',
    bankAccount: 'must be {{min}} to {{max}} digits (spaces or hyphens between groups are fine)',
    taken: 'is already used by another record',
  },
  path: { row: 'line {{row}}', rowOf: 'line {{row}} of {{list}}', fieldOf: '{{field}} of {{owner}}' },
  types: {
    string: 'text',
    number: 'a number',
    int: 'a whole number',
    boolean: 'yes or no',
    array: 'a list',
    object: 'a group of fields',
    date: 'a date',
  },
  /** Between the allowed values a refusal lists. */
  listSeparator: ', ',
  /**
   * The words of the values a request field allows, by field then value: a refusal lists them so, never
   * as the codes sent (server/http/field-words.ts).
   */
  values: {
    action: decision.commands,
    Command: { ...decision.commands, ...specialPrices.decision.commands },
    DataScope: admin.roleMenus.dataScope,
    level: {
      province: 'province',
      city: 'city',
      district: 'district',
      platform: 'platform',
      brand: 'brand',
      type: 'type',
      model: 'model',
    },
    source: { registry: 'the company registry', manual: 'typed by hand' },
    searchType: { '1': 'every part of the model', '2': 'CPU' },
  },
  fields: {
    ParticipantRole: 'Role in the deal',
    currentPage: 'Page',
    pageSize: 'Rows per page',
    keyword: 'Keyword',
    sort: 'Sort',
    ObjectID: 'ID',
    ObjectIDs: 'Selected records',
    Version: 'Version',
    query: 'Export conditions',
    PageID: 'Page',
    // What a workflow command carries (server/workflows/decisions.ts names them in its refusals).
    reason: 'Reason',
    adjustAmount: 'Adjustment (CNY)',
    ...requestFields,
  },
};
