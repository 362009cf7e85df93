import { describe, expect, it } from 'vitest';
import {
  changedFields,
  deepEqual,
  isKeptKey,
  toClientKey,
  toClientRecord,
  toServerKey,
  toServerRecord,
} from '../../domain/casing';

describe('toClientKey', () => {
  it('lowers the first letter only', () => {
    expect(toClientKey('LastName')).toBe('lastName');
    expect(toClientKey('ObjectID')).toBe('objectID');
    expect(toClientKey('ExtIsFistTime_SDK')).toBe('extIsFistTime_SDK');
    expect(toClientKey('creationOn')).toBe('creationOn');
    expect(toClientKey('')).toBe('');
  });

  it('maps the exceptions PCS and ID whole', () => {
    expect(toClientKey('PCS')).toBe('pcs');
    expect(toClientKey('ID')).toBe('id');
  });

  it('keeps CPQ and super BOM keys', () => {
    expect(toClientKey('CPQConfig')).toBe('CPQConfig');
    expect(toClientKey('cpqToken')).toBe('cpqToken');
    expect(toClientKey('SuperBomList')).toBe('SuperBomList');
    expect(toClientKey('ExtSUPER_BOM_SDK')).toBe('ExtSUPER_BOM_SDK');
    expect(isKeptKey('Name')).toBe(false);
  });

  it('does not treat Object.prototype names as exceptions', () => {
    expect(toClientKey('Constructor')).toBe('constructor');
    expect(toClientKey('toString')).toBe('toString');
  });
});

describe('toServerKey', () => {
  it('is the inverse for capitalised keys and the exceptions', () => {
    expect(toServerKey('objectID')).toBe('ObjectID');
    expect(toServerKey('lastName')).toBe('LastName');
    expect(toServerKey('id')).toBe('ID');
    expect(toServerKey('pcs')).toBe('PCS');
    expect(toServerKey('cpqConfig')).toBe('cpqConfig');
    expect(toServerKey('superBomList')).toBe('superBomList');
    for (const key of ['ObjectID', 'LastName', 'PCS', 'ID', 'CPQConfig', 'ExtRoleCode_SDK']) {
      expect(toServerKey(toClientKey(key))).toBe(key);
    }
  });
});

describe('toClientRecord', () => {
  it('converts nested objects and arrays, leaving Dates, null and primitives', () => {
    const when = new Date(2024, 0, 2);
    const input = {
      ObjectID: 'a1',
      PCS: 3,
      Owner: null,
      CreationOn: when,
      RoleToMenuMenuList: [{ ID: 7, Path: '/x' }, 'text', 5],
      Nested: { InnerName: 'n', Deeper: [{ Leaf: true }] },
    };
    const out = toClientRecord<Record<string, unknown>>(input);
    expect(out).toEqual({
      objectID: 'a1',
      pcs: 3,
      owner: null,
      creationOn: when,
      roleToMenuMenuList: [{ id: 7, path: '/x' }, 'text', 5],
      nested: { innerName: 'n', deeper: [{ leaf: true }] },
    });
    expect(out.creationOn).toBe(when);
  });

  it('keeps the whole value under a CPQ or super BOM key', () => {
    const cpq = { ProductClass: 'S', Lines: [{ PartNo: 'P1' }] };
    const out = toClientRecord<Record<string, unknown>>({
      CPQConfig: cpq,
      SuperBom: [{ Qty: 1 }],
      Name: 'x',
    });
    expect(out).toEqual({ CPQConfig: cpq, SuperBom: [{ Qty: 1 }], name: 'x' });
  });

  it('passes primitives and null through', () => {
    expect(toClientRecord(null)).toBeNull();
    expect(toClientRecord(5)).toBe(5);
    expect(toClientRecord('Abc')).toBe('Abc');
    expect(toClientRecord(undefined)).toBeUndefined();
  });

  it('keeps a __proto__ key from JSON as data', () => {
    const out = toClientRecord<Record<string, unknown>>(JSON.parse('{"__proto__": {"Polluted": 1}}'));
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
  });

  it('round-trips through toServerRecord', () => {
    const server = { ObjectID: 'a', ID: 1, PCS: 2, Items: [{ PartName: 'p' }] };
    expect(toServerRecord(toClientRecord(server))).toEqual(server);
  });
});

describe('deepEqual', () => {
  it('compares arrays, objects, dates and NaN by value', () => {
    expect(deepEqual([1, { a: [2] }], [1, { a: [2] }])).toBe(true);
    expect(deepEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(deepEqual(new Date(5), new Date(5))).toBe(true);
    expect(deepEqual(new Date(5), new Date(6))).toBe(false);
    expect(deepEqual(Number.NaN, Number.NaN)).toBe(true);
    expect(deepEqual([1, 2], [2, 1])).toBe(false);
    expect(deepEqual('1', 1)).toBe(false);
    expect(deepEqual(null, {})).toBe(false);
  });
});

describe('changedFields', () => {
  const original = {
    ObjectID: 'obj-1',
    Name: 'Alpha',
    Qty: 3,
    Tags: ['a', 'b'],
    Address: { City: 'Hangzhou', Zip: '310000' },
    Note: null,
  };

  it('sends ObjectID plus only what changed', () => {
    const edited = {
      ...original,
      Name: 'Beta',
      Tags: ['a', 'b'],
      Address: { City: 'Hangzhou', Zip: '310001' },
    };
    expect(changedFields(original, edited)).toEqual({
      ObjectID: 'obj-1',
      Name: 'Beta',
      Address: { City: 'Hangzhou', Zip: '310001' },
    });
  });

  it('sends only ObjectID when nothing changed, even with fresh copies of arrays and objects', () => {
    expect(changedFields(original, structuredClone(original))).toEqual({ ObjectID: 'obj-1' });
  });

  it('sends new keys and values cleared to null, but not keys missing from the edit', () => {
    const edited = { ObjectID: 'obj-1', Name: null, Extra: 0 };
    expect(changedFields(original, edited)).toEqual({ ObjectID: 'obj-1', Name: null, Extra: 0 });
  });

  it('detects an array change in order or length', () => {
    expect(changedFields(original, { ObjectID: 'obj-1', Tags: ['b', 'a'] })).toEqual({
      ObjectID: 'obj-1',
      Tags: ['b', 'a'],
    });
    expect(changedFields(original, { ObjectID: 'obj-1', Tags: ['a'] })).toEqual({
      ObjectID: 'obj-1',
      Tags: ['a'],
    });
  });

  it('takes the id from client-shaped records and never repeats it', () => {
    const client = toClientRecord<Record<string, unknown>>(original);
    const result = changedFields(client, { ...client, qty: 4 });
    expect(result).toEqual({ ObjectID: 'obj-1', qty: 4 });
    expect(toServerRecord(result)).toEqual({ ObjectID: 'obj-1', Qty: 4 });
  });
});
