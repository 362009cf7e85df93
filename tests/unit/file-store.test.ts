import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { contentDisposition, LinkSigner } from '../../server/files/link-signer';
import { createObjectStore, LocalObjectStore, S3ObjectStore } from '../../server/files/object-store';
import { cleanFileName } from '../../server/files/receive';
import { contentMatchesExtension, sniff } from '../../server/files/sniff';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-store-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const bytes = (...b: number[]) => Buffer.from(b);
const noDatabase = {} as Db;

describe('magic bytes', () => {
  it('recognises the common formats', () => {
    expect(sniff(Buffer.from('%PDF-1.4\n'))).toBe('pdf');
    expect(sniff(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('png');
    expect(sniff(bytes(0xff, 0xd8, 0xff, 0xe1))).toBe('jpeg');
    expect(sniff(Buffer.from('GIF89a\x01\x00'))).toBe('gif');
    expect(sniff(bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0))).toBe('zip');
    expect(sniff(bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))).toBe('ole');
    expect(sniff(Buffer.from('BM\x36\x00\x0c\x00\x00\x00\x00\x00'))).toBe('bmp');
    expect(sniff(Buffer.from('名称,数量\r\n甲,1\r\n'))).toBe('text');
    expect(sniff(Buffer.from('BMW 销量\n'))).toBe('text');
    expect(sniff(bytes(0x4d, 0x5a, 0x90, 0x00))).toBe('binary');
  });

  it('matches bytes against the extension: xlsx and docx are zip packages, doc and xls OLE files', () => {
    const zip = bytes(0x50, 0x4b, 0x03, 0x04);
    const ole = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
    expect(contentMatchesExtension('xlsx', zip)).toBe(true);
    expect(contentMatchesExtension('docx', zip)).toBe(true);
    expect(contentMatchesExtension('xls', ole)).toBe(true);
    expect(contentMatchesExtension('doc', zip)).toBe(false);
    expect(contentMatchesExtension('pdf', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe(false);
    expect(contentMatchesExtension('jpg', bytes(0xff, 0xd8, 0xff))).toBe(true);
    expect(contentMatchesExtension('exe', bytes(0x4d, 0x5a))).toBe(false);
  });
});

describe('signed links of the local store', () => {
  const signer = new LinkSigner(async () => Buffer.from('secret'));
  const expires = 1_800_000_000;
  const verify = (bucket: string, expiresText: string, signature: string, nowMs: number) =>
    signer.verify(bucket, '2026/01/a.pdf', expiresText, signature, nowMs);

  it('accepts its own link until it expires, and nothing altered', async () => {
    const signature = await signer.sign('prod', '2026/01/a.pdf', expires);
    expect(await verify('prod', String(expires), signature, expires * 1000)).toBe('ok');
    expect(await verify('prod', String(expires), signature, expires * 1000 + 1)).toBe('expired');
    expect(await signer.verify('prod', '2026/01/b.pdf', String(expires), signature, 0)).toBe('invalid');
    expect(await verify('test', String(expires), signature, 0)).toBe('invalid');
    expect(await verify('prod', String(expires + 1), signature, 0)).toBe('invalid');
    expect(await verify('prod', 'soon', signature, 0)).toBe('invalid');
    expect(await verify('prod', String(expires), 'abc', 0)).toBe('invalid');
    const other = new LinkSigner(async () => Buffer.from('other'));
    expect(await other.verify('prod', '2026/01/a.pdf', String(expires), signature, 0)).toBe('invalid');
  });

  it('names the file in UTF-8 with an ASCII fallback', () => {
    expect(contentDisposition('合同 "终版".pdf')).toBe(
      `attachment; filename="__ ____.pdf"; filename*=UTF-8''%E5%90%88%E5%90%8C%20%22%E7%BB%88%E7%89%88%22.pdf`,
    );
  });
});

describe('stores', () => {
  it('moves an upload into the bucket folder and refuses keys that leave it', async () => {
    const root = tempDir();
    const store = new LocalObjectStore(root, async () => Buffer.from('secret'));
    const source = join(root, 'incoming.tmp');
    writeFileSync(source, 'hello');
    const key = '2026/01/0b6f4a52-6a43-4c1d-9f0e-2c1d5a7e9b10.txt';
    await store.put(key, source);
    expect(readFileSync(join(root, 'prod', key), 'utf8')).toBe('hello');
    expect(existsSync(source)).toBe(false);
    expect((await store.open(key))?.size).toBe(5);
    await store.remove(key);
    expect(await store.open(key)).toBeUndefined();
    expect(() => store.pathOf('../../etc/passwd')).toThrow();
    expect(() => store.pathOf('2026/01/../../x.txt')).toThrow();
  });

  it('uses S3 when the environment configures it, with presigned download links from its endpoint', async () => {
    const env = { S3_ENDPOINT: 'https://minio.example.com/', S3_ACCESS_KEY: 'ak', S3_SECRET_KEY: 'sk' };
    // An S3 store signs with its own keys: it never reads the database's secret.
    const store = createObjectStore(tempDir(), noDatabase, env);
    expect(store).toBeInstanceOf(S3ObjectStore);
    const link = new URL(
      await store.downloadLink('2026/01/0b6f4a52-6a43-4c1d-9f0e-2c1d5a7e9b10.pdf', {
        fileName: '合同.pdf',
        contentType: 'application/pdf',
        nowMs: Date.UTC(2026, 0, 2),
        ttlSeconds: 86_400,
      }),
    );
    expect(`${link.origin}${link.pathname}`).toBe(
      'https://minio.example.com/prod/2026/01/0b6f4a52-6a43-4c1d-9f0e-2c1d5a7e9b10.pdf',
    );
    expect(link.searchParams.get('X-Amz-Expires')).toBe('86400');
    expect(link.searchParams.get('X-Amz-Credential')).toBe('ak/20260102/us-east-1/s3/aws4_request');
    expect(link.searchParams.get('X-Amz-SignedHeaders')).toBe('host');
    expect(link.searchParams.get('response-content-type')).toBe('application/pdf');
    expect(link.searchParams.get('response-content-disposition')).toBe(contentDisposition('合同.pdf'));
    expect(link.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(createObjectStore(tempDir(), noDatabase, {})).toBeInstanceOf(LocalObjectStore);
  });

  it('cleans file names of folders and control characters', () => {
    expect(cleanFileName('C:\\Users\\张三\\合同.pdf')).toBe('合同.pdf');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('a\u0000b\u001f.pdf')).toBe('ab.pdf');
    const long = cleanFileName(`${'长'.repeat(300)}.pdf`);
    expect(long).toHaveLength(200);
    expect(long.endsWith('.pdf')).toBe(true);
  });
});
