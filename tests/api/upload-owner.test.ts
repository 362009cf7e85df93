import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_OWNER_TYPES } from '../../domain/constants';
import { buildApp } from '../../server/app';
import { labelFor } from './field-named';
import { startTestApp, type TestApp } from './harness';

/**
 * An upload names the kind of record it belongs to (docs/files.md): without an owner type, or with
 * one the portal does not know, it is refused with a 400 naming ownerType, and nothing is stored —
 * no row, no object, no file left in the incoming folder.
 */
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n'), randomBytes(64)]);

let t: TestApp;
let app: FastifyInstance;
let filesDir: string;
let token: string;

function multipart(fields: Record<string, string>, name = 'owner.pdf') {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [key, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: application/pdf\r\n\r\n`,
    ),
    PDF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(fields: Record<string, string>, lang = 'zh') {
  const { payload, contentType } = multipart(fields);
  const response = await app.inject({
    method: 'POST',
    url: '/portal/file/uploadFile',
    payload,
    headers: { 'content-type': contentType, 'x-token': token, 'accept-language': lang },
  });
  return { status: response.statusCode, body: response.json() };
}

/** Every file under the files folder: stored objects and what waits in the incoming folder. */
function filesOnDisk(dir = filesDir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesOnDisk(path) : [path];
  });
}
const rowCount = async () =>
  (await sql<{ n: number }>`select count(*)::int as n from file_object`.execute(t.database.db)).rows[0].n;

beforeAll(async () => {
  t = await startTestApp();
  filesDir = mkdtempSync(join(tmpdir(), 'portal-upload-owner-'));
  app = await buildApp({ db: t.database.db, filesDir });
  token = await t.login('rsp', 'Demo@123456');
});
afterAll(async () => {
  await app.close();
  await t.close();
  rmSync(filesDir, { recursive: true, force: true });
});

describe('an upload names its owner type', () => {
  it('is refused without one, with a blank one or an unknown one, naming ownerType, and stores nothing', async () => {
    const rowsBefore = await rowCount();
    const cases: [Record<string, string>, number][] = [
      [{}, 400],
      [{ ownerType: '' }, 400],
      [{ ownerType: '  ' }, 400],
      [{ ownerType: '999' }, 400],
      [{ ownerType: 'customer' }, 400],
      [{ ownerType: '101.5' }, 400],
    ];
    for (const [fields, status] of cases) {
      const answer = await upload(fields);
      expect(answer.status, JSON.stringify(fields)).toBe(status);
      expect(answer.body.state).toBe(false);
      expect(answer.body.message.startsWith(labelFor('ownerType')), JSON.stringify(fields)).toBe(true);
    }
    const english = await upload({}, 'en');
    expect(english.body.message.startsWith(labelFor('ownerType', 'en'))).toBe(true);
    expect(await rowCount(), 'no file row').toBe(rowsBefore);
    expect(filesOnDisk(), 'no object and no incoming file').toEqual([]);
  });

  it('is stored with a known owner type', async () => {
    const rowsBefore = await rowCount();
    const answer = await upload({ ownerType: String(Object.values(FILE_OWNER_TYPES)[0]) });
    expect(answer.status, answer.body.message).toBe(200);
    expect(answer.body.results.OwnerType).toBe(Object.values(FILE_OWNER_TYPES)[0]);
    expect(await rowCount()).toBe(rowsBefore + 1);
    expect(filesOnDisk()).toHaveLength(1);
  });
});
