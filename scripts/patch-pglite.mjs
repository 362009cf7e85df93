// Run after every `npm install` / `npm ci` (package.json "postinstall").
//
// PGlite's wire-protocol reader (@electric-sql/pg-protocol's BufferReader, bundled into PGlite's dist)
// decodes every text value of every row from a *copy* of its bytes: `string(n)` calls `bytes(n)`,
// which allocates a new ArrayBuffer with `buffer.slice`. A page of 100 orders holds about 2,000 values,
// and those copies (with the garbage they leave) were most of the time a list took on the embedded
// database: 7 ms of a 100-row read against 2 ms without them (docs/decisions.md, "Reading rows on
// PGlite"). The fix decodes a view of the same bytes instead; `bytes(n)` itself, whose result a
// caller may keep, still copies.
//
// The bundles are minified, so the names are read from `bytes(n)` itself. A PGlite whose reader reads
// otherwise is left alone and said so: the portal is as correct without the patch, only slower, and
// tests/unit/pglite-reader.test.ts fails until this script is brought up to date.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const BYTES =
  /bytes\((\w+)\)\{let (\w+)=(\w+)\(this,(\w+)\)\.buffer\.slice\(\3\(this,(\w+)\),\3\(this,\5\)\+\1\);return (\w+)\(this,\5,\3\(this,\5\)\+\1\),new Uint8Array\(\2\)\}/;
const STRING = /string\((\w+)\)\{return (\w+)\(this,(\w+)\)\.decode\(this\.bytes\(\1\)\)\}/;
const PATCHED = '/*portal: decode in place*/';

const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
let patched = 0;
let already = 0;
for (const name of readdirSync(dist, { recursive: true })) {
  if (!/\.(c?js)$/.test(String(name))) continue;
  const file = join(dist, String(name));
  const code = readFileSync(file, 'utf8');
  if (code.includes(PATCHED)) {
    already++;
    continue;
  }
  const bytes = code.match(BYTES);
  const string = code.match(STRING);
  if (!bytes || !string) continue;
  const [, , , get, view, offset, set] = bytes;
  const [whole, n, decoderGet, decoder] = string;
  const inPlace =
    `string(${n}){${PATCHED}let v=${get}(this,${view}),o=${get}(this,${offset});` +
    `return ${set}(this,${offset},o+${n}),${decoderGet}(this,${decoder}).decode(new Uint8Array(v.buffer,o,${n}))}`;
  writeFileSync(file, code.replace(whole, inPlace));
  patched++;
}
if (patched + already === 0)
  console.warn(
    'patch-pglite: PGlite reads rows otherwise than this patch knows; left as it is (slower reads).',
  );
else if (patched) console.log(`patch-pglite: ${patched} PGlite bundle(s) now decode row values in place.`);
