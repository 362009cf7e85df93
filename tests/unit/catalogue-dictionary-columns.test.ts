import { describe, expect, it } from 'vitest';
import { pages } from '../../catalogue/catalogue';
import type { PageEntry } from '../../catalogue/types';
import { pickers } from '../../machines/kit/pickers';

/**
 * A dictionary value is stored as its code and shown as the option's text in the reader's language.
 * A column that shows a stored text copy of a dictionary field (ExtOpportunityStage_SDKText beside
 * ExtOpportunityStage_SDK) stays in the language it was written in, so every column of a dictionary
 * field must go through the dictionary.
 */
const dictionaryFieldsOf = (resource: string) => {
  const fields = new Map<string, string>();
  for (const page of pages.filter((p) => p.resource === resource))
    for (const def of [...(page.columns ?? []), ...(page.filters ?? []), ...(page.fields ?? [])])
      if (def.dict) fields.set(def.field, def.dict);
  return fields;
};

// The stored text copies are named after their field with Text after it or before its suffix.
const dictionarySiblingOf = (field: string, dictionaryFields: ReadonlyMap<string, unknown>) => {
  if (!/Text/.test(field)) return undefined;
  return [field.replace(/Text$/, ''), field.replace(/Text(_[A-Z]+)$/, '$1')].find(
    (base) => base !== field && dictionaryFields.has(base),
  );
};

/** Every field some page of the catalogue keeps as a dictionary, with the dictionaries it is read by. */
const dictionariesOfEveryField = () => {
  const fields = new Map<string, Set<string>>();
  for (const page of pages)
    for (const def of [...(page.columns ?? []), ...(page.filters ?? []), ...(page.fields ?? [])])
      if (def.dict) fields.set(def.field, (fields.get(def.field) ?? new Set()).add(def.dict));
  return fields;
};

const listPages = pages.filter((p): p is PageEntry & { resource: string } =>
  Boolean(p.resource && p.columns?.length),
);

describe('dictionary fields in list columns', () => {
  it('finds list pages to check', () => {
    expect(listPages.length).toBeGreaterThan(50);
  });

  it('no column shows the stored text of a dictionary field', () => {
    const offenders = listPages.flatMap((page) => {
      const dictionaryFields = dictionaryFieldsOf(page.resource);
      return (page.columns ?? [])
        .filter((c) => dictionarySiblingOf(c.field, dictionaryFields))
        .map((c) => `${page.id}: ${c.field} instead of ${dictionarySiblingOf(c.field, dictionaryFields)}`);
    });
    expect(offenders).toEqual([]);
  });

  it('a column of a field the resource declares as a dictionary renders through that dictionary', () => {
    const offenders = listPages.flatMap((page) => {
      const dictionaryFields = dictionaryFieldsOf(page.resource);
      return (page.columns ?? [])
        .filter((c) => dictionaryFields.has(c.field) && (c.kind !== 'dict' || !c.dict))
        .map((c) => `${page.id}: ${c.field} is shown as ${c.kind}`);
    });
    expect(offenders).toEqual([]);
  });

  it('the opportunity lists show the stage from the OpportunityStage dictionary', () => {
    for (const id of [
      'business.opportunityList',
      'business.opportunityManagement',
      'business.opportunityInfoReport',
    ]) {
      const stage = pages
        .find((p) => p.id === id)
        ?.columns?.find((c) => c.field.startsWith('ExtOpportunityStage'));
      expect(stage, id).toMatchObject({
        field: 'ExtOpportunityStage_SDK',
        kind: 'dict',
        dict: 'OpportunityStage',
      });
    }
  });

  it('no picker table shows the stored text of a dictionary field; the opportunity picker reads the stage dictionary', () => {
    const everyDictionaryField = dictionariesOfEveryField();
    const offenders = Object.values(pickers).flatMap((picker) =>
      picker.columns
        .filter((c) => dictionarySiblingOf(c, everyDictionaryField))
        .map((c) => `${picker.name}: ${c}`),
    );
    expect(offenders).toEqual([]);
    expect(pickers.opportunity?.dictionaries).toEqual({ ExtOpportunityStage_SDK: 'OpportunityStage' });
  });

  // A picker row carries the stored code: without its dictionary the column reads 101 or CSP.
  it('a picker column of a field the catalogue keeps as a dictionary shows the words of that dictionary', () => {
    const dictionaryFields = dictionariesOfEveryField();
    const offenders = Object.values(pickers).flatMap((picker) =>
      picker.columns
        .filter((c) => dictionaryFields.has(c))
        .filter((c) => !dictionaryFields.get(c)?.has(picker.dictionaries?.[c] ?? ''))
        .map((c) => `${picker.name}: ${c} wants ${[...(dictionaryFields.get(c) ?? [])].join(' or ')}`),
    );
    expect(offenders).toEqual([]);
    expect(pickers.commitmentLetter?.dictionaries).toMatchObject({ type: 'CommitmentLetterType' });
    expect(pickers.opportunityChannel?.dictionaries).toMatchObject({ channelType: 'OpportunityChannelType' });
    expect(pickers.customer?.dictionaries).toMatchObject({ ExtChannelSmallType_SDK: 'ChannelType' });
  });
});
