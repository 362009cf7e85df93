/**
 * Key conversion between backend records (capitalised keys, ObjectID) and client records
 * (lower-first camel case), SPEC §3.
 *
 * Reading of "CPQ config and super BOM fields are kept": a key that starts with CPQ/cpq or contains
 * SuperBom/superBom/SUPER_BOM belongs to the configurator's payload. Its name and its whole value stay
 * as they are, so the payload can be sent back to the CPQ endpoints unchanged.
 */

type PlainObject = Record<string, unknown>;

/** Keys whose case conversion is not the plain first-letter rule. */
const CLIENT_KEY_EXCEPTIONS: Readonly<Record<string, string>> = { PCS: 'pcs', ID: 'id' };
const SERVER_KEY_EXCEPTIONS: Readonly<Record<string, string>> = { pcs: 'PCS', id: 'ID' };

/** Keys under which the server and the client share one identity. */
const ID_KEYS: ReadonlySet<string> = new Set(['ObjectID', 'objectID']);

export function isKeptKey(key: string): boolean {
  return (
    key.startsWith('CPQ') ||
    key.startsWith('cpq') ||
    key.includes('SuperBom') ||
    key.includes('superBom') ||
    key.includes('SUPER_BOM')
  );
}

export function toClientKey(key: string): string {
  if (Object.hasOwn(CLIENT_KEY_EXCEPTIONS, key)) return CLIENT_KEY_EXCEPTIONS[key];
  if (isKeptKey(key)) return key;
  return key.charAt(0).toLowerCase() + key.slice(1);
}

/** Inverse of toClientKey for keys the backend capitalises; a backend key that was already lower-first cannot be recovered. */
export function toServerKey(key: string): string {
  if (Object.hasOwn(SERVER_KEY_EXCEPTIONS, key)) return SERVER_KEY_EXCEPTIONS[key];
  if (isKeptKey(key)) return key;
  return key.charAt(0).toUpperCase() + key.slice(1);
}

export function isPlainObject(value: unknown): value is PlainObject {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function convertDeep(value: unknown, convertKey: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convertDeep(item, convertKey));
  if (!isPlainObject(value)) return value;
  // fromEntries defines own properties, so a '__proto__' key from JSON stays data and never a prototype.
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      convertKey(key),
      isKeptKey(key) ? inner : convertDeep(inner, convertKey),
    ]),
  );
}

/** Deep-converts plain objects and arrays; Dates, class instances, null and primitives pass through. */
export function toClientRecord<T = unknown>(value: unknown): T {
  return convertDeep(value, toClientKey) as T;
}

export function toServerRecord<T = unknown>(value: unknown): T {
  return convertDeep(value, toServerKey) as T;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (a instanceof Date && b instanceof Date) return Object.is(a.getTime(), b.getTime());
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((key) => Object.hasOwn(b, key) && deepEqual(a[key], b[key]));
  }
  return false;
}

/**
 * The body of an edit save: ObjectID plus the keys of `edited` whose value differs from `original`
 * (SPEC §3). Keys absent from `edited` are not sent, since an edit form need not carry every field.
 * Keys come back as given; pass server-shaped records, or convert the result with toServerRecord.
 */
export function changedFields(original: PlainObject, edited: PlainObject): PlainObject {
  const objectId = edited.ObjectID ?? edited.objectID ?? original.ObjectID ?? original.objectID;
  const changed = Object.entries(edited).filter(
    ([key, value]) => !ID_KEYS.has(key) && !(Object.hasOwn(original, key) && deepEqual(original[key], value)),
  );
  return Object.fromEntries([['ObjectID', objectId], ...changed]);
}
