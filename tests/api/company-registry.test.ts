import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCreditCode } from '../../domain/credit-code';
import { startTestApp, type TestApp } from './harness';

/**
 * The company lookup's registry: the local sample until QCC_URL names 企查查, then 企查查's answer
 * (here a stand-in on 127.0.0.1 answering its ECIV4/Search shape), and a clear 502 when it fails.
 */
const company = {
  KeyNo: 'f6a1c0b2d3e4f5a6b7c8d9e0f1a2b3c4',
  Name: '南京云栖数据服务有限公司',
  CreditCode: makeCreditCode('91320106MA1N2P3Q4'),
  OperName: '周明远',
  Status: '存续',
  StartDate: '2015-06-18 00:00:00',
  No: '320106000123456',
};

// What the stand-in answers, by the search key a test sends.
const BROKEN = '故障企业';
const GARBLED = '乱码企业';
const SILENT = '沉默企业';
const NOTHING = '查无此企业';

const asked: URL[] = [];
const tokens: (string | undefined)[] = [];
let registry: Server;
let registryUrl = '';

function answer(request: IncomingMessage) {
  const url = new URL(request.url ?? '/', 'http://registry');
  asked.push(url);
  tokens.push(request.headers.token as string | undefined);
  const key = url.searchParams.get('searchKey') ?? '';
  if (url.pathname !== '/ECIV4/Search') return { status: 404, body: '{}' };
  if (key === BROKEN) return { status: 500, body: 'internal error' };
  if (key === GARBLED) return { status: 200, body: JSON.stringify({ Status: '101', Message: '无效的key' }) };
  if (key === NOTHING) return { status: 200, body: JSON.stringify({ Status: '201', Message: '查询无结果' }) };
  return {
    status: 200,
    body: JSON.stringify({
      Status: '200',
      Message: '查询成功',
      Paging: { PageSize: 20, PageIndex: Number(url.searchParams.get('pageIndex')), TotalRecords: 41 },
      Result: [company],
    }),
  };
}

let sample: TestApp;
let connected: TestApp;
let sampleToken = '';
let token = '';
const en = { 'accept-language': 'en' };

beforeAll(async () => {
  registry = createServer((request, response) => {
    const { searchParams } = new URL(request.url ?? '/', 'http://registry');
    // A registry that never answers: the portal's timeout has to end the wait.
    if (searchParams.get('searchKey') === SILENT) return;
    const { status, body } = answer(request);
    response.writeHead(status, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
  registryUrl = `http://127.0.0.1:${(registry.address() as AddressInfo).port}`;
  sample = await startTestApp();
  connected = await startTestApp('demo', {
    companyRegistry: { url: registryUrl, key: 'app-key', secretKey: 'secret', timeoutMs: 1_000 },
  });
  [sampleToken, token] = await Promise.all([
    sample.login('rsp', 'Demo@123456'),
    connected.login('rsp', 'Demo@123456'),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([sample?.close(), connected?.close()]);
  registry?.closeAllConnections();
  await new Promise((resolve) => registry?.close(resolve));
});

describe('without QCC_URL', () => {
  it('answers from the local sample and says so', async () => {
    const found = await sample.post(
      '/qcc/search',
      { searchKey: '公司', currentPage: 1, pageSize: 20 },
      sampleToken,
    );
    expect(found.body.state).toBe(true);
    expect(found.body.results.Source).toBe('sample');
    expect(found.body.results.Result).toHaveLength(20);
    const publicSearch = await sample.post('/public/qcc/search', { searchKey: '公司' });
    expect(publicSearch.body.results.Source).toBe('sample');
    expect(asked).toHaveLength(0);
  });
});

describe('with QCC_URL', () => {
  it("asks the registry with the same search and maps its rows; the answer is not the sample's", async () => {
    const found = await connected.post(
      '/qcc/search',
      { searchKey: '云栖', currentPage: 3, pageSize: 20 },
      token,
    );
    expect(found.status).toBe(200);
    expect(found.body.results).toEqual({
      Source: 'registry',
      Result: [{ ...company, StartDate: '2015-06-18', Address: '' }],
      Paging: { TotalRecords: 41, PageIndex: 3, PageSize: 20 },
    });
    const call = asked.at(-1)!;
    expect(Object.fromEntries(call.searchParams)).toEqual({
      key: 'app-key',
      searchKey: '云栖',
      pageIndex: '3',
      pageSize: '20',
    });
    expect(tokens.at(-1)).toMatch(/^[0-9A-F]{32}$/);
    const publicSearch = await connected.post('/public/qcc/search', { searchKey: '云栖' });
    expect(publicSearch.body.results.Source).toBe('registry');
  });

  it("takes the registry's 'nothing found' as an empty page", async () => {
    const found = await connected.post('/qcc/search', { searchKey: NOTHING }, token);
    expect(found.body.results).toMatchObject({ Source: 'registry', Result: [], Paging: { TotalRecords: 0 } });
  });

  it('says the registry could not be reached when it fails, answers nonsense or keeps silent', async () => {
    for (const searchKey of [BROKEN, GARBLED, SILENT]) {
      const failed = await connected.post('/qcc/search', { searchKey }, token, en);
      expect(failed.status, searchKey).toBe(502);
      expect(failed.body).toEqual({
        state: false,
        message:
          'The company registry (企查查) could not be reached or gave no usable answer; try again later',
      });
    }
    const zh = await connected.post('/qcc/search', { searchKey: BROKEN }, token);
    expect(zh.body.message).toBe('企查查暂时无法连接或未返回有效结果，请稍后再试');
  });

  it('says so too when nothing listens at the address', async () => {
    const gone = createServer();
    await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(gone.address() as AddressInfo).port}`;
    await new Promise((resolve) => gone.close(resolve));
    const unreachable = await startTestApp('demo', { companyRegistry: { url } });
    try {
      const rsp = await unreachable.login('rsp', 'Demo@123456');
      const failed = await unreachable.post('/qcc/search', { searchKey: '云栖' }, rsp);
      expect(failed.status).toBe(502);
      expect(failed.body.message).toBe('企查查暂时无法连接或未返回有效结果，请稍后再试');
    } finally {
      await unreachable.close();
    }
  });

  it("records a registry choice the registry holds, checked by its credit code, and refuses one it doesn't", async () => {
    const saved = await connected.post(
      '/companyInfo/saveCompanyInfo',
      {
        companyName: company.Name,
        creditCode: company.CreditCode,
        representative: company.OperName,
        source: 'registry',
      },
      token,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.results).toMatchObject({
      CompanyName: company.Name,
      KeyNo: company.KeyNo,
      Source: 'registry',
    });
    expect(asked.at(-1)?.searchParams.get('searchKey')).toBe(company.CreditCode);

    const before = (
      await sql<{ n: number }>`select count(*)::int as n from company_info`.execute(connected.database.db)
    ).rows[0].n;
    const refused = await connected.post(
      '/companyInfo/saveCompanyInfo',
      { companyName: '南京云栖数据服务股份有限公司', creditCode: company.CreditCode, source: 'registry' },
      token,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('企查查中没有名称为 南京云栖数据服务股份有限公司 且信用代码一致的企业');
    const after = (
      await sql<{ n: number }>`select count(*)::int as n from company_info`.execute(connected.database.db)
    ).rows[0].n;
    expect(after).toBe(before);
  });
});
