import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { type Heartbeat, type ServerIdentity, startHeartbeat } from '../../server/cluster/server-heartbeat';
import { filesWarner, serversNotSharingFiles } from '../../server/cluster/shared-files';
import { startTestApp, type TestApp } from './harness';
import { multipartBody } from './multipart';

// Several portal servers on one database (docs/deployment.md), each an app of its own over the suite's
// database, with a files folder of its own unless the test shares one.
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n'), randomBytes(128)]);

let t: TestApp;
const folders: string[] = [];
const apps: FastifyInstance[] = [];
const beats: Heartbeat[] = [];
let rsp: string;
let admin: string;

const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-server-'));
  folders.push(dir);
  return dir;
};
const identity = (instance: string, filesDir: string): ServerIdentity => ({
  instance,
  fileStore: 'local',
  objectsDir: join(filesDir, 'objects'),
});

async function server(instance: string, filesDir: string) {
  const self = identity(instance, filesDir);
  const heartbeat = await startHeartbeat(t.database.db, self);
  beats.push(heartbeat);
  const app = await buildApp({ db: t.database.db, filesDir, server: { identity: self, heartbeat } });
  apps.push(app);
  return { app, self, heartbeat };
}

beforeAll(async () => {
  t = await startTestApp();
  rsp = await t.login('rsp', 'Demo@123456');
  admin = await t.login('admin', 'Admin@123456');
});

afterAll(async () => {
  for (const beat of beats) await beat.stop();
  for (const app of apps) await app.close();
  await t?.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

async function upload(app: FastifyInstance, content: Buffer): Promise<string> {
  const { body, contentType } = multipartBody({ ownerType: '101' }, { name: '合同.pdf', content });
  const response = await app.inject({
    method: 'POST',
    url: '/portal/file/uploadFile',
    payload: body,
    headers: { 'content-type': contentType, 'x-token': rsp },
  });
  expect(response.statusCode).toBe(200);
  const fileUrl = response.json().results.FileURL as string;
  const linked = await app.inject({ method: 'GET', url: fileUrl, headers: { 'x-token': rsp } });
  expect(linked.statusCode).toBe(302);
  return linked.headers.location as string;
}

describe('download links across servers', () => {
  it('a link one server signs is accepted by another of the same database, with no shared secret set', async () => {
    const shared = folder();
    const a = await server('a#1', shared);
    const b = await server('b#1', shared);
    const link = await upload(a.app, PDF);
    const response = await b.app.inject({ method: 'GET', url: link });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(PDF)).toBe(true);
    // A forged signature is still refused by both.
    const forged = link.replace(/signature=[0-9a-f]{4}/, 'signature=0000');
    expect((await b.app.inject({ method: 'GET', url: forged })).json().message).toMatch(/无效|invalid/i);
  });

  it('a server with a folder of its own accepts the signature but cannot find the bytes', async () => {
    const a = await server('a#2', folder());
    const b = await server('b#2', folder());
    const link = await upload(a.app, PDF);
    const response = await b.app.inject({ method: 'GET', url: link });
    expect(response.statusCode).toBe(404);
  });
});

describe('a second server that does not share the files is warned about', () => {
  it('in the log of each, once, with the settings that fix it, and on the servers page', async () => {
    const warnings: string[] = [];
    const first = identity('first#3', folder());
    const second = identity('second#3', folder());
    const firstBeat = await startHeartbeat(t.database.db, first);
    beats.push(firstBeat);
    const warnFirst = filesWarner(t.database.db, first, (line) => warnings.push(line));
    await warnFirst();
    expect(warnings.filter((line) => line.includes('second#3'))).toEqual([]);

    const secondBeat = await startHeartbeat(
      t.database.db,
      second,
      filesWarner(t.database.db, second, (line) => warnings.push(line)),
    );
    beats.push(secondBeat);
    await warnFirst();
    await warnFirst();
    const aboutSecond = warnings.filter((line) => line.includes('second#3'));
    const aboutFirst = warnings.filter((line) => line.includes('first#3'));
    expect(aboutSecond).toHaveLength(1);
    expect(aboutFirst).toHaveLength(1);
    expect(aboutSecond[0]).toContain('S3_ENDPOINT');
    expect(aboutSecond[0]).toContain('DATA_DIR/files');

    const app = await buildApp({
      db: t.database.db,
      filesDir: join(first.objectsDir, '..'),
      server: { identity: first, heartbeat: firstBeat },
    });
    apps.push(app);
    const list = await app.inject({
      method: 'POST',
      url: '/portal/portalServer/list',
      payload: {},
      headers: { 'x-token': admin },
    });
    const servers = list.json().results.Servers as {
      Instance: string;
      Self: boolean;
      SharesFiles: boolean;
    }[];
    expect(servers[0]).toMatchObject({ Instance: 'first#3', Self: true, SharesFiles: true });
    expect(servers.find((row) => row.Instance === 'second#3')).toMatchObject({
      Self: false,
      SharesFiles: false,
    });
    const agent = await app.inject({
      method: 'POST',
      url: '/portal/portalServer/list',
      payload: {},
      headers: { 'x-token': rsp },
    });
    expect(agent.statusCode).toBe(403);

    // Once the second server stops it is no longer live, and no longer a problem.
    await secondBeat.stop();
    expect((await serversNotSharingFiles(t.database.db, first)).map((row) => row.instance)).not.toContain(
      'second#3',
    );
  });

  it('servers on one shared folder, or both on S3, are not warned about', async () => {
    const shared = folder();
    const one = identity('one#4', shared);
    const two = identity('two#4', shared);
    beats.push(await startHeartbeat(t.database.db, one), await startHeartbeat(t.database.db, two));
    expect((await serversNotSharingFiles(t.database.db, one)).map((row) => row.instance)).not.toContain(
      'two#4',
    );
    const s3a = { ...identity('s3a#4', folder()), fileStore: 's3' as const };
    const s3b = { ...identity('s3b#4', folder()), fileStore: 's3' as const };
    beats.push(await startHeartbeat(t.database.db, s3a), await startHeartbeat(t.database.db, s3b));
    const fromS3 = (await serversNotSharingFiles(t.database.db, s3a)).map((row) => row.instance);
    expect(fromS3).not.toContain('s3b#4');
    // A local server next to S3 ones sees none of their files.
    expect(fromS3).toContain('one#4');
  });
});

describe('health and readiness for the balancer', () => {
  it('answers live and ready, then not ready (503) once the server drains', async () => {
    const { app, heartbeat } = await server('drain#5', folder());
    expect((await app.inject({ method: 'GET', url: '/portal/health' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/portal/ready' })).statusCode).toBe(200);
    await heartbeat.drain();
    const ready = await app.inject({
      method: 'GET',
      url: '/portal/ready',
      headers: { 'accept-language': 'en' },
    });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().message).toMatch(/stopping/);
    expect((await app.inject({ method: 'GET', url: '/portal/health' })).statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('portal_server')
      .select('draining')
      .where('instance', '=', 'drain#5')
      .executeTakeFirst();
    expect(row?.draining).toBe(true);
  });
});
