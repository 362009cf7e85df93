import fc from 'fast-check';

/** What an attacker sends: the values and bodies the fuzzing of the API draws from. */

export const hugeString = fc.constantFrom(201, 501, 5_001, 200_000).map((n) => 'a'.repeat(n));
export const nulString = fc.string({ maxLength: 8 }).map((s) => `${s}\u0000${s}`);
export const badDate = fc.constantFrom(
  '2024-02-30',
  '0000-01-01',
  '2024-13-45',
  "' OR '1'='1",
  '9999-12-31',
  '1899-12-31',
  '2024-02-29T25:61:00Z',
  '2024-1-1',
);
export const boundaryNumber = fc.constantFrom(
  0,
  -1,
  1.5,
  -0.01,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  1e16,
  1e18,
  1e300,
  -1e300,
  Number.MIN_VALUE,
);
export const prototypeName = fc.constantFrom(
  'constructor',
  '__proto__',
  'valueOf',
  'toString',
  'hasOwnProperty',
  'prototype',
  '__defineGetter__',
);
/** A uuid's length in hex digits and hyphens, but no uuid: what a loose id check lets through to a `::uuid` cast. */
export const notUuid = fc.constantFrom(
  'ffffffffffffffffffffffffffffffffffff',
  '-'.repeat(36),
  'ffffffff-ffff-ffff-ffff-ffff-fffffff',
);
export const numberText = fc.constantFrom('100000000000000000000', '1e400', 'NaN', '-0', '0x10', ' 1 ');
export const scalar = fc.oneof(
  fc.string({ maxLength: 12 }),
  hugeString,
  nulString,
  badDate,
  boundaryNumber,
  numberText,
  prototypeName,
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
);
export const nasty: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.oneof(fc.string({ maxLength: 6 }), prototypeName), scalar, { maxKeys: 2 }),
  },
);

/** A body over the given field names, with paging, prototype keys and strangers mixed in. */
export function bodyOf(fields: string[], extra: Record<string, fc.Arbitrary<unknown>> = {}) {
  const keys = fc.oneof(
    { weight: 4, arbitrary: fields.length ? fc.constantFrom(...fields) : fc.constant('Name') },
    {
      weight: 1,
      arbitrary: fields.length
        ? fc
            .tuple(fc.constantFrom(...fields), fc.constantFrom('Start', 'End', 'Min', 'Max'))
            .map(([f, b]) => f + b)
        : fc.constant('NameStart'),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('currentPage', 'pageSize', 'keyword', 'sort', 'PageID', 'Version'),
    },
    { weight: 1, arbitrary: prototypeName },
    { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
  );
  const object = fc
    .tuple(fc.dictionary(keys, nasty, { minKeys: 1, maxKeys: 4 }), fc.record(extra, { requiredKeys: [] }))
    .map(([fuzzed, fixed]) => ({ ...fuzzed, ...fixed }));
  return fc.oneof(
    { weight: 8, arbitrary: object },
    { weight: 1, arbitrary: fc.oneof(fc.array(scalar, { maxLength: 3 }), scalar) },
  );
}
